import { XCircle } from "lucide-react";
import { Link } from "wouter";
import { Button } from "../../components/ui/button";
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from "../../components/ui/card";

/** /subscription-cancel: the buyer left checkout; nothing was charged. */
export function SubscriptionCancel() {
  return (
    <Card className="w-full max-w-lg text-center">
      <CardHeader className="items-center">
        <XCircle aria-hidden="true" className="mx-auto size-12 text-muted-foreground" />
        <CardTitle asHeading="h1" className="text-2xl">
          Payment Cancelled
        </CardTitle>
        <CardDescription>Your payment was cancelled and no charges were made.</CardDescription>
      </CardHeader>
      <CardContent className="text-sm text-muted-foreground">
        You can keep writing on your current plan and upgrade whenever you're ready.
      </CardContent>
      <CardFooter className="flex flex-col gap-3 sm:flex-row sm:justify-center">
        <Button asChild variant="outline">
          <Link href="/">Back to Dashboard</Link>
        </Button>
        {/* A full navigation so the landing page opens at its pricing anchor. */}
        <Button asChild>
          <a href="/#pricing">View Plans Again</a>
        </Button>
      </CardFooter>
    </Card>
  );
}

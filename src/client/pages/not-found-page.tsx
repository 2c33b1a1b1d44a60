import { ArrowLeft, Home } from "lucide-react";
import { Link } from "wouter";
import { PageShell } from "../components/page-shell";
import { Wordmark } from "../components/wordmark";
import { Button } from "../components/ui/button";
import { usePageTitle } from "../lib/page-title";

const SUPPORT_EMAIL = "support@draftsmith.app";

/** Any unknown path: says so and leads back home. */
export default function NotFoundPage() {
  usePageTitle("Page Not Found");
  return (
    <PageShell header={null} mainClassName="flex flex-1 items-center justify-center px-4 py-12">
      <div className="flex w-full max-w-md flex-col items-center gap-6 text-center">
        <Wordmark className="text-xl" />
        <p aria-hidden="true" className="text-7xl font-bold tracking-tight text-muted-foreground sm:text-8xl">
          404
        </p>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">Page Not Found</h1>
          <p className="text-muted-foreground">The page you're looking for doesn't exist or has been moved.</p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild>
            <Link href="/">
              <Home aria-hidden="true" />
              Go to Home
            </Link>
          </Button>
          <Button variant="outline" onClick={() => window.history.back()}>
            <ArrowLeft aria-hidden="true" />
            Go Back
          </Button>
        </div>
        <div className="border-t pt-6 text-sm text-muted-foreground">
          <p>Need help?</p>
          <a href={`mailto:${SUPPORT_EMAIL}`} className="font-medium text-foreground underline underline-offset-4 hover:no-underline">
            Contact Support
          </a>
        </div>
      </div>
    </PageShell>
  );
}

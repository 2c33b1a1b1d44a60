import { PageShell } from "../components/page-shell";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../components/ui/card";
import { SignupForm } from "../features/auth";
import { usePageTitle } from "../lib/page-title";

/** Route /signup: the sign-up form. */
export default function SignupPage() {
  usePageTitle("Create Account");
  return (
    <PageShell mainClassName="mx-auto flex w-full max-w-6xl flex-1 items-start justify-center px-4 py-10 sm:px-6">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle>
            <h1 className="text-2xl font-semibold">Create Account</h1>
          </CardTitle>
          <CardDescription>Join Draftsmith and start writing with AI at your side.</CardDescription>
        </CardHeader>
        <CardContent>
          <SignupForm />
        </CardContent>
      </Card>
    </PageShell>
  );
}

// Route /invite/:token, the link in an invitation email. Signed in: the invitation is taken
// for this account and the document opens. Signed out: the token is kept on this device
// (lib/pending-invitation.ts) while the visitor signs in or creates an account.
import { MailOpen } from "lucide-react";
import { useEffect, useState } from "react";
import { Link, useLocation, useParams } from "wouter";
import { PageShell } from "../components/page-shell";
import { Button } from "../components/ui/button";
import { Wordmark } from "../components/wordmark";
import { acceptInvitation } from "../features/sharing";
import { isApiError } from "../lib/api";
import { useAuth } from "../lib/auth-provider";
import { usePageTitle } from "../lib/page-title";
import { clearPendingInvitation, savePendingInvitation } from "../lib/pending-invitation";

export default function InvitePage() {
  usePageTitle("Invitation");
  const { token = "" } = useParams<{ token: string }>();
  const { user, loading } = useAuth();
  const [, navigate] = useLocation();
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (loading) return;
    if (!user) {
      savePendingInvitation(token);
      return;
    }
    let active = true;
    acceptInvitation(token).then(
      (accepted) => {
        clearPendingInvitation();
        if (active) navigate(`/editor/${accepted.document_id}`, { replace: true });
      },
      (err: unknown) => {
        clearPendingInvitation();
        if (!active) return;
        setError(
          isApiError(err) && typeof err.body?.message === "string" ? err.body.message : "The invitation could not be opened. Please try again.",
        );
      },
    );
    return () => {
      active = false;
    };
  }, [loading, user, token, navigate]);

  return (
    <PageShell header={null} mainClassName="flex flex-1 items-center justify-center px-4 py-12">
      <div className="flex w-full max-w-md flex-col items-center gap-6 text-center">
        <Wordmark className="text-xl" />
        <MailOpen aria-hidden="true" className="size-10 text-muted-foreground" />
        {error ? (
          <>
            <div className="space-y-2">
              <h1 className="text-2xl font-semibold tracking-tight">This invitation can't be opened</h1>
              <p className="text-muted-foreground">{error}</p>
            </div>
            <Button asChild>
              <Link href="/">Go to your documents</Link>
            </Button>
          </>
        ) : loading || user ? (
          <p role="status" className="text-muted-foreground">
            Opening the document...
          </p>
        ) : (
          <>
            <div className="space-y-2">
              <h1 className="text-2xl font-semibold tracking-tight">You've been invited to a document</h1>
              <p className="text-muted-foreground">Sign in or create a free account to open it. It will also be under "Shared with me" on your dashboard.</p>
            </div>
            <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
              <Button asChild>
                <Link href="/signup">Create account</Link>
              </Button>
              <Button asChild variant="outline">
                <Link href="/?signin=1">Sign in</Link>
              </Button>
            </div>
          </>
        )}
      </div>
    </PageShell>
  );
}

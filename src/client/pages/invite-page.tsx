// Route /invite/:token, the link in an invitation email. Signed in with the invited address:
// the invitation (document title, who sent it, the role) with Accept and Decline; accepting
// opens the document. Signed in with another account: says so, with a way to switch. Signed
// out: the token is kept on this device (lib/pending-invitation.ts) while the visitor signs in
// or creates an account, and the dashboard brings them back here.
import { Check, MailOpen, X } from "lucide-react";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useLocation, useParams, useSearch } from "wouter";
import type { InvitationLookup } from "../../shared/contracts/members";
import { PageShell } from "../components/page-shell";
import { Badge } from "../components/ui/badge";
import { Button } from "../components/ui/button";
import { Wordmark } from "../components/wordmark";
import { acceptInvitation, declineInvitation, lookupInvitation } from "../features/sharing";
import { isApiError } from "../lib/api";
import { useAuth } from "../lib/auth-provider";
import { usePageTitle } from "../lib/page-title";
import { currentQueryClient } from "../lib/query-client-slot";
import { clearPendingInvitation, savePendingInvitation } from "../lib/pending-invitation";

type View =
  | { kind: "loading" }
  | { kind: "error"; message: string }
  | { kind: "ready"; lookup: InvitationLookup }
  | { kind: "declined"; lookup: InvitationLookup };

const messageOf = (err: unknown, fallback: string) =>
  isApiError(err) && typeof err.body?.message === "string" ? err.body.message : fallback;

function Centered({ children }: { children: ReactNode }) {
  return (
    <PageShell header={null} mainClassName="flex flex-1 items-center justify-center px-4 py-12">
      <div className="flex w-full max-w-md flex-col items-center gap-6 text-center">
        <Wordmark className="text-xl" />
        <MailOpen aria-hidden="true" className="size-10 text-muted-foreground" />
        {children}
      </div>
    </PageShell>
  );
}

function BackToDocuments({ variant = "default" }: { variant?: "default" | "outline" }) {
  return (
    <Button asChild variant={variant}>
      <Link href="/">Go to your documents</Link>
    </Button>
  );
}

export default function InvitePage() {
  usePageTitle("Invitation");
  const { token = "" } = useParams<{ token: string }>();
  const { user, loading, signOut } = useAuth();
  const [, navigate] = useLocation();
  const [view, setView] = useState<View>({ kind: "loading" });
  const [busy, setBusy] = useState<"accept" | "decline" | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  // The emailed link carries the invited address (?email=); sign-up starts with it.
  const invitedEmail = new URLSearchParams(useSearch()).get("email") ?? "";

  useEffect(() => {
    if (loading) return;
    if (!user) {
      savePendingInvitation(token);
      return;
    }
    // Back on the invitation: the dashboard no longer needs to bring them here.
    clearPendingInvitation();
    let active = true;
    lookupInvitation(token).then(
      (lookup) => {
        if (!active) return;
        if (lookup.status === "accepted") navigate(`/editor/${lookup.invitation.document_id}`, { replace: true });
        else setView({ kind: "ready", lookup });
      },
      (err: unknown) => {
        if (active) setView({ kind: "error", message: messageOf(err, "The invitation could not be opened. Please try again.") });
      },
    );
    return () => {
      active = false;
    };
  }, [loading, user, token, navigate]);

  if (!loading && !user) {
    return (
      <Centered>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">You've been invited to a document</h1>
          <p className="text-muted-foreground">
            Sign in or create a free account with the email address the invitation was sent to. Then you can accept or decline it.
          </p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild>
            <Link href={invitedEmail ? `/signup?${new URLSearchParams({ email: invitedEmail })}` : "/signup"}>Create account</Link>
          </Button>
          <Button asChild variant="outline">
            <Link href="/?signin=1">Sign in</Link>
          </Button>
        </div>
      </Centered>
    );
  }

  if (view.kind === "loading") {
    return (
      <Centered>
        <p role="status" className="text-muted-foreground">
          Opening the invitation...
        </p>
      </Centered>
    );
  }

  if (view.kind === "error") {
    return (
      <Centered>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">This invitation can't be opened</h1>
          <p className="text-muted-foreground">{view.message}</p>
        </div>
        <BackToDocuments />
      </Centered>
    );
  }

  const { lookup } = view;
  const { invitation } = lookup;

  if (view.kind === "declined") {
    return (
      <Centered>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">Invitation declined</h1>
          <p className="text-muted-foreground">
            "{invitation.document_title}" will not be shared with you. {invitation.inviter_name} can invite you again if you change your mind.
          </p>
        </div>
        <BackToDocuments />
      </Centered>
    );
  }

  if (!lookup.for_you) {
    const switchAccount = async () => {
      await signOut();
      // Kept once signed out (a page shown while signing out may clear it), so signing in brings them back here.
      savePendingInvitation(token);
      navigate("/?signin=1");
    };
    return (
      <Centered>
        <div className="space-y-2">
          <h1 className="text-2xl font-semibold tracking-tight">This invitation is for another account</h1>
          <p className="text-muted-foreground">
            It was sent to <span className="font-medium text-foreground wrap-anywhere">{lookup.email}</span>, and you're signed in as{" "}
            <span className="font-medium text-foreground wrap-anywhere">{user?.email}</span>. Sign in with the address it was sent to, then accept
            or decline it.
          </p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button type="button" onClick={() => void switchAccount()}>
            Sign in with another account
          </Button>
          <BackToDocuments variant="outline" />
        </div>
      </Centered>
    );
  }

  const canEdit = invitation.role === "editor";
  const answer = async (kind: "accept" | "decline") => {
    setBusy(kind);
    setActionError(null);
    try {
      if (kind === "decline") await declineInvitation(token);
      const accepted = kind === "accept" ? await acceptInvitation(token) : null;
      // The dashboard's lists (Shared with me, the invitations waiting) change with the answer.
      void currentQueryClient()?.invalidateQueries();
      if (accepted) navigate(`/editor/${accepted.document_id}`, { replace: true });
      else setView({ kind: "declined", lookup });
    } catch (err) {
      setActionError(messageOf(err, "That did not work. Please try again."));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Centered>
      <div className="space-y-2">
        <h1 className="text-2xl font-semibold tracking-tight">You've been invited to a document</h1>
        <p className="text-muted-foreground">Nothing is shared with you until you accept. Accept to open it now.</p>
      </div>
      <div className="w-full rounded-xl border bg-card p-5 text-left text-card-foreground shadow-sm" data-testid="invitation-card">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">Document</p>
        <p className="mt-1 line-clamp-3 text-lg font-semibold leading-snug break-words">{invitation.document_title}</p>
        <p className="mt-3 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
          <span className="min-w-0 break-words">Invited by {invitation.inviter_name}</span>
          <Badge variant="secondary">{canEdit ? "Can edit" : "Can view"}</Badge>
        </p>
      </div>
      {actionError && (
        <p role="alert" className="text-sm text-destructive">
          {actionError}
        </p>
      )}
      <div className="flex w-full flex-col gap-3 sm:flex-row-reverse sm:justify-center">
        <Button type="button" onClick={() => void answer("accept")} disabled={busy !== null} className="sm:min-w-32">
          <Check aria-hidden="true" />
          {busy === "accept" ? "Accepting..." : "Accept"}
        </Button>
        <Button type="button" variant="outline" onClick={() => void answer("decline")} disabled={busy !== null} className="sm:min-w-32">
          <X aria-hidden="true" />
          {busy === "decline" ? "Declining..." : "Decline"}
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">You can also answer later under "Shared with me" on your dashboard.</p>
    </Centered>
  );
}

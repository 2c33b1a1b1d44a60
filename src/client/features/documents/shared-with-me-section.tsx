// "Shared with me": invitations waiting for this user's answer (the document title, who sent
// it, the role, Accept and Decline), then the documents they accepted, with the owner's name
// and the role; a document card opens the editor (read-only for a viewer). Hidden while
// there are neither.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Mail, Users, X } from "lucide-react";
import { Link } from "wouter";
import {
  type AcceptInvitationResponse,
  type PendingInvitation,
  PendingInvitationSchema,
  type SharedWithMe,
  SharedWithMeSchema,
} from "../../../shared/contracts/members";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { apiJson, isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { formatUpdatedAt } from "./format";

export const SHARED_WITH_ME_QUERY_KEY = ["/api/documents/shared"] as const;
export const PENDING_INVITATIONS_QUERY_KEY = ["/api/invitations"] as const;

async function fetchSharedWithMe(): Promise<SharedWithMe[]> {
  return SharedWithMeSchema.array().parse(await apiJson("GET", SHARED_WITH_ME_QUERY_KEY[0]));
}

async function fetchPendingInvitations(): Promise<PendingInvitation[]> {
  return PendingInvitationSchema.array().parse(await apiJson("GET", PENDING_INVITATIONS_QUERY_KEY[0]));
}

const invitationUrl = (id: string, answer: "accept" | "decline") => `/api/invitations/${encodeURIComponent(id)}/${answer}`;
const roleLabel = (role: SharedWithMe["role"]) => (role === "editor" ? "Can edit" : "Can view");

function InvitationCard({ invitation }: { invitation: PendingInvitation }) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: PENDING_INVITATIONS_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SHARED_WITH_ME_QUERY_KEY }),
    ]);
  const answer = useMutation({
    mutationFn: async (kind: "accept" | "decline") => {
      if (kind === "accept") await apiJson<AcceptInvitationResponse>("POST", invitationUrl(invitation.id, "accept"));
      else await apiJson("POST", invitationUrl(invitation.id, "decline"));
      return kind;
    },
    onSuccess: async (kind) => {
      await refresh();
      toast(
        kind === "accept"
          ? { title: "Invitation accepted", description: `"${invitation.document_title}" is now shared with you.` }
          : { title: "Invitation declined", description: `"${invitation.document_title}" will not be shared with you.` },
      );
    },
    onError: (err) => {
      void refresh();
      toast({
        title: "That did not work",
        description: isApiError(err) && typeof err.body?.message === "string" ? err.body.message : "Please try again.",
        variant: "destructive",
      });
    },
  });
  const titleId = `invitation-${invitation.id}`;
  return (
    <li
      className="flex min-h-28 flex-col gap-3 rounded-xl border border-dashed border-primary/40 bg-card p-5 text-card-foreground shadow-sm"
      data-testid="pending-invitation-card"
      aria-labelledby={titleId}
    >
      <div className="flex items-start gap-3">
        <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
        <h4 id={titleId} className="line-clamp-2 min-w-0 font-semibold leading-snug break-words">
          {invitation.document_title}
        </h4>
      </div>
      <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
        <span className="min-w-0 break-words">Invited by {invitation.inviter_name}</span>
        <Badge variant="secondary">{roleLabel(invitation.role)}</Badge>
      </p>
      <div className="mt-auto flex gap-2">
        <Button
          type="button"
          className="flex-1"
          onClick={() => answer.mutate("accept")}
          disabled={answer.isPending}
          aria-label={`Accept the invitation to "${invitation.document_title}"`}
        >
          <Check aria-hidden="true" />
          Accept
        </Button>
        <Button
          type="button"
          variant="outline"
          className="flex-1"
          onClick={() => answer.mutate("decline")}
          disabled={answer.isPending}
          aria-label={`Decline the invitation to "${invitation.document_title}"`}
        >
          <X aria-hidden="true" />
          Decline
        </Button>
      </div>
    </li>
  );
}

/** Hidden while nothing is shared and no invitation waits, unless `emptyText` says what to show then. */
export function SharedWithMeSection({ emptyText = null }: { emptyText?: string | null }) {
  const shared = useQuery({ queryKey: SHARED_WITH_ME_QUERY_KEY, queryFn: fetchSharedWithMe, refetchOnWindowFocus: true });
  const pending = useQuery({ queryKey: PENDING_INVITATIONS_QUERY_KEY, queryFn: fetchPendingInvitations, refetchOnWindowFocus: true });
  if (!shared.data) return null;
  const invitations = pending.data ?? [];
  if (shared.data.length === 0 && invitations.length === 0) return emptyText ? <p className="mt-6 text-muted-foreground">{emptyText}</p> : null;
  return (
    <section aria-labelledby="shared-heading" className="mt-12">
      <h2 id="shared-heading" className="mb-4 text-xl font-semibold tracking-tight">
        Shared with me
      </h2>
      {invitations.length > 0 && (
        <div className="mb-6">
          <h3 id="invitations-heading" className="mb-3 text-sm font-medium text-muted-foreground">
            {invitations.length === 1 ? "1 invitation waiting for your answer" : `${invitations.length} invitations waiting for your answer`}
          </h3>
          <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-labelledby="invitations-heading">
            {invitations.map((invitation) => (
              <InvitationCard key={invitation.id} invitation={invitation} />
            ))}
          </ul>
        </div>
      )}
      {shared.data.length > 0 && (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Shared with me">
          {shared.data.map((doc) => (
            <li key={doc.id} className="rounded-xl border bg-card text-card-foreground shadow-sm transition-colors hover:border-primary/40 hover:bg-accent/30">
              <Link
                href={`/editor/${doc.id}`}
                className="flex min-h-28 flex-col gap-3 rounded-xl p-5 outline-hidden focus-visible:ring-2 focus-visible:ring-ring"
                data-testid="shared-document-card"
              >
                <div className="flex items-start gap-3">
                  <Users aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-muted-foreground" />
                  <h3 className="line-clamp-2 font-semibold leading-snug break-words">{doc.title}</h3>
                </div>
                <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
                  <span className="truncate">Shared by {doc.owner_name}</span>
                  <Badge variant="secondary">{roleLabel(doc.role)}</Badge>
                </p>
                <p className="text-xs text-muted-foreground">
                  Updated <time dateTime={doc.updated_at}>{formatUpdatedAt(doc.updated_at)}</time>
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

// The Share dialog's "People with access": invite someone by email as viewer or editor, see
// who accepted (by name) and whose invitation is pending (by address), change a role, remove
// someone or revoke a pending invitation. Each action is saved at
// once (it is not part of the link settings' Save). Inviting needs the Professional plan;
// people already invited stay listed and manageable on any plan.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Sparkles, UserPlus, X } from "lucide-react";
import { useId, useState } from "react";
import type { Member, MemberRole } from "../../../shared/contracts/members";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { isApiError } from "../../lib/api";
import { toast } from "../../lib/toast";
import { changeMemberRole, fetchMembers, inviteMember, membersQueryKey, removeMember } from "./members-api";

const ROLE_LABEL: Record<MemberRole, string> = { viewer: "Can view", commenter: "Can comment", editor: "Can edit" };

function errorText(err: unknown, fallback: string): string {
  return isApiError(err) && typeof err.body?.message === "string" ? err.body.message : fallback;
}

function RoleSelect({ value, onChange, label, disabled }: { value: MemberRole; onChange: (r: MemberRole) => void; label: string; disabled?: boolean }) {
  // The trigger fills its box; the box keeps the width.
  return (
    <div className="w-[7.5rem] shrink-0">
      <Select value={value} onValueChange={(v) => onChange(v as MemberRole)} disabled={disabled}>
        <SelectTrigger aria-label={label}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value="viewer">{ROLE_LABEL.viewer}</SelectItem>
          <SelectItem value="commenter">{ROLE_LABEL.commenter}</SelectItem>
          <SelectItem value="editor">{ROLE_LABEL.editor}</SelectItem>
        </SelectContent>
      </Select>
    </div>
  );
}

function MemberRow({ member, documentId }: { member: Member; documentId: string }) {
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries({ queryKey: membersQueryKey(documentId) });
  const change = useMutation({
    mutationFn: (role: MemberRole) => changeMemberRole(documentId, member.id, role),
    onSuccess: refresh,
    onError: (err) => toast({ title: "Role not changed", description: errorText(err, "Please try again."), variant: "destructive" }),
  });
  const pending = member.status === "pending";
  const remove = useMutation({
    mutationFn: () => removeMember(documentId, member.id),
    onSuccess: () => {
      void refresh();
      toast(
        pending
          ? { title: "Invitation revoked", description: `The link sent to ${member.email} no longer works.` }
          : { title: "Access removed", description: `${displayName} can no longer open this document.` },
      );
    },
    onError: (err) => toast({ title: "Not removed", description: errorText(err, "Please try again."), variant: "destructive" }),
  });
  // Removing someone who accepted takes their access away: asked first. A pending invitation
  // is revoked at once (nobody loses anything they had).
  const [confirming, setConfirming] = useState(false);
  const displayName = member.name ?? member.email;
  return (
    <li className="flex items-center gap-2 py-1.5" data-testid="member-row">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium">{member.name ?? member.email}</p>
        <p className="flex items-center gap-1.5 truncate text-xs text-muted-foreground">
          {member.name && <span className="truncate">{member.email}</span>}
          {pending && <Badge variant="secondary">Pending</Badge>}
        </p>
      </div>
      <RoleSelect
        value={change.variables ?? member.role}
        onChange={(role) => change.mutate(role)}
        label={`Role of ${member.email}`}
        disabled={change.isPending || remove.isPending}
      />
      <Button
        type="button"
        variant="ghost"
        size="icon"
        aria-label={pending ? `Revoke the invitation for ${member.email}` : `Remove ${member.email}`}
        title={pending ? "Revoke invitation" : "Remove"}
        onClick={() => (pending ? remove.mutate() : setConfirming(true))}
        disabled={remove.isPending}
      >
        <X aria-hidden="true" />
      </Button>
      {!pending && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title={`Remove ${displayName}?`}
          description="They will lose access to this document."
          cancelLabel="Cancel"
          confirmLabel="Remove"
          destructive
          onConfirm={() => remove.mutate()}
        />
      )}
    </li>
  );
}

export function PeopleWithAccess({ documentId }: { documentId: string }) {
  const queryClient = useQueryClient();
  const members = useQuery({ queryKey: membersQueryKey(documentId), queryFn: () => fetchMembers(documentId), staleTime: 0 });
  const [email, setEmail] = useState("");
  const [role, setRole] = useState<MemberRole>("editor");
  const [error, setError] = useState<string | null>(null);
  const emailId = useId();
  const errorId = useId();
  const invite = useMutation({
    mutationFn: () => inviteMember(documentId, { email: email.trim(), role }),
    onSuccess: (member) => {
      setEmail("");
      setError(null);
      void queryClient.invalidateQueries({ queryKey: membersQueryKey(documentId) });
      toast({ title: "Invitation sent", description: `${member.email} will get an email to accept or decline it.` });
    },
    onError: (err) => setError(errorText(err, "The invitation could not be sent. Please try again.")),
  });
  const canInvite = members.data?.can_invite ?? false;

  return (
    <section aria-labelledby={`${emailId}-heading`} className="grid gap-3">
      <h3 id={`${emailId}-heading`} className="text-sm font-medium">
        People with access
      </h3>
      {members.data && !canInvite && (
        <p className="flex items-start gap-2 rounded-md border border-primary/30 bg-primary/5 p-3 text-xs">
          <Sparkles aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-primary" />
          <span>
            Inviting people to write with you is part of the Professional plan.{" "}
            <a href="/#pricing" className="font-medium text-primary underline-offset-4 hover:underline">
              View plans
            </a>
          </span>
        </p>
      )}
      {canInvite && (
        <form
          className="flex flex-col gap-2 sm:flex-row"
          onSubmit={(e) => {
            e.preventDefault();
            e.stopPropagation();
            if (email.trim()) invite.mutate();
          }}
        >
          <Label htmlFor={emailId} className="sr-only">
            Email address to invite
          </Label>
          <Input
            id={emailId}
            type="email"
            inputMode="email"
            autoComplete="off"
            placeholder="Email address"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setError(null);
            }}
            aria-invalid={!!error}
            aria-describedby={error ? errorId : undefined}
            className="min-w-0 flex-1"
          />
          <div className="flex gap-2">
            <RoleSelect value={role} onChange={setRole} label="Role for the invitation" />
            <Button type="submit" disabled={invite.isPending || !email.trim()} className="flex-1 sm:flex-none">
              <UserPlus aria-hidden="true" />
              {invite.isPending ? "Inviting..." : "Invite"}
            </Button>
          </div>
        </form>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {members.isError && <p className="text-sm text-destructive">Couldn't load the people with access.</p>}
      {members.data && members.data.members.length > 0 && (
        <ul className="max-h-56 divide-y overflow-y-auto" aria-label="People with access">
          {members.data.members.map((m) => (
            <MemberRow key={m.id} member={m} documentId={documentId} />
          ))}
        </ul>
      )}
      {members.data && members.data.members.length === 0 && (
        <p className="text-xs text-muted-foreground">Only you can open this document{canInvite ? " until you invite someone" : ""}.</p>
      )}
    </section>
  );
}

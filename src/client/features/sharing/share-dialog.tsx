// The Share dialog: the people invited by email (people-with-access.tsx, saved per action),
// then the link settings: public access, editing, expiry date
// (minimum today), password; the share link with Copy. Settings come from the server each
// time the dialog opens and are saved with PUT /api/documents/:id/share, by Save settings
// or on closing (Done, Escape, a click outside): a change is never dropped silently.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Check, Copy, Link2, Lock } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { type ShareSettings, type ShareSettingsInput, shareLink } from "../../../shared/contracts/sharing";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "../../components/ui/dialog";
import { Input } from "../../components/ui/input";
import { Label } from "../../components/ui/label";
import { Separator } from "../../components/ui/separator";
import { Skeleton } from "../../components/ui/skeleton";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../lib/toast";
import { fetchShareSettings, saveShareSettings } from "./api";
import { minExpiryDate } from "./dates";
import { PeopleWithAccess } from "./people-with-access";
import { useCopyLink } from "./use-copy";

interface Props {
  documentId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

interface Form {
  isPublic: boolean;
  allowEditing: boolean;
  showComments: boolean;
  expiresAt: string;
  /** A new password to set ("" = keep the current one). */
  newPassword: string;
  removePassword: boolean;
}

const fromSettings = (s: ShareSettings): Form => ({
  isPublic: s.isPublic,
  allowEditing: s.allowEditing,
  showComments: s.showComments,
  expiresAt: s.expiresAt ?? "",
  newPassword: "",
  removePassword: false,
});

/** The PUT body. The expiry goes only when changed, so a link that already expired can
 * still be made private (the server refuses a past date). */
function toInput(form: Form, saved: ShareSettings): ShareSettingsInput {
  const input: ShareSettingsInput = { isPublic: form.isPublic, allowEditing: form.allowEditing, showComments: form.showComments };
  const expiresAt = form.expiresAt || null;
  if (expiresAt !== saved.expiresAt) input.expiresAt = expiresAt;
  if (form.newPassword) input.password = form.newPassword;
  else if (form.removePassword) input.password = null;
  return input;
}

/** True when the form holds a change the server does not have yet. */
function hasChanges(form: Form, saved: ShareSettings): boolean {
  const input = toInput(form, saved);
  return (
    input.isPublic !== saved.isPublic ||
    input.allowEditing !== saved.allowEditing ||
    input.showComments !== saved.showComments ||
    "expiresAt" in input ||
    "password" in input
  );
}

export default function ShareDialog({ documentId, open, onOpenChange }: Props) {
  const queryClient = useQueryClient();
  const queryKey = ["share-settings", documentId];
  const settings = useQuery({ queryKey, queryFn: () => fetchShareSettings(documentId), enabled: open, staleTime: 0 });
  const [form, setForm] = useState<Form | null>(null);
  const ids = { public: useId(), edit: useId(), comments: useId(), expiry: useId(), password: useId(), link: useId() };

  useEffect(() => {
    if (settings.data) setForm(fromSettings(settings.data));
  }, [settings.data]);

  const save = useMutation({
    mutationFn: ({ f, base }: { f: Form; base: ShareSettings }) => saveShareSettings(documentId, toInput(f, base)),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      setForm(fromSettings(saved));
      toast({ title: "Sharing Updated", description: saved.isPublic ? "Document is now public" : "Document is now private" });
    },
    onError: () => toast({ title: "Update Failed", description: "Failed to update sharing settings", variant: "destructive" }),
  });

  const { copied, copy } = useCopyLink();
  const saved = settings.data;
  const dirty = !!form && !!saved && hasChanges(form, saved);
  // Closing saves the changes first and closes once they are stored. If that save fails
  // the dialog stays open and says so; closing again then leaves without them.
  const [closing, setClosing] = useState(false);
  const [closeFailed, setCloseFailed] = useState(false);
  const requestOpenChange = (next: boolean) => {
    if (next || !dirty || closeFailed) return onOpenChange(next);
    if (save.isPending || !form || !saved) return;
    setClosing(true);
    save.mutateAsync({ f: form, base: saved }).then(
      () => {
        setClosing(false);
        onOpenChange(false);
      },
      () => {
        setClosing(false);
        setCloseFailed(true);
      },
    );
  };
  const link = saved ? shareLink(window.location.origin, documentId, saved) : "";
  const set = (patch: Partial<Form>) => setForm((f) => (f ? { ...f, ...patch } : f));
  const minDate = minExpiryDate(new Date());
  // A stored expiry in the past stays visible (and submittable) until the owner changes it.
  const expired = !!saved?.expiresAt && saved.expiresAt < minDate;
  const keepsExpired = expired && form?.expiresAt === saved?.expiresAt;

  return (
    <Dialog open={open} onOpenChange={requestOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Share Document</DialogTitle>
          <DialogDescription>Anyone with the link can open this document while public access is on.</DialogDescription>
        </DialogHeader>

        <PeopleWithAccess documentId={documentId} />
        <Separator />

        {settings.isError && <p className="text-sm text-destructive">Couldn't load the sharing settings. Close and try again.</p>}
        {!form && !settings.isError && (
          <div className="space-y-3" aria-busy="true">
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-6 w-full" />
            <Skeleton className="h-9 w-full" />
          </div>
        )}
        {form && saved && (
          <form
            className="grid gap-5"
            onSubmit={(e) => {
              e.preventDefault();
              save.mutate({ f: form, base: saved });
            }}
          >
            <div className="flex items-center justify-between gap-4">
              <div className="space-y-0.5">
                <Label htmlFor={ids.public}>Public access</Label>
                <p className="text-xs text-muted-foreground">Anyone with the link can view the document.</p>
              </div>
              <Switch id={ids.public} checked={form.isPublic} onCheckedChange={(v) => set({ isPublic: v })} />
            </div>

            <div className="flex items-center justify-between gap-4">
              <div className="space-y-0.5">
                <Label htmlFor={ids.edit}>Allow editing</Label>
                <p className="text-xs text-muted-foreground">Visitors with the link can change the content.</p>
              </div>
              <Switch id={ids.edit} checked={form.allowEditing} onCheckedChange={(v) => set({ allowEditing: v })} />
            </div>

            <div className="flex items-center justify-between gap-4">
              <div className="space-y-0.5">
                <Label htmlFor={ids.comments}>Show comments</Label>
                <p className="text-xs text-muted-foreground">Visitors with the link can read the comment threads (never write them).</p>
              </div>
              <Switch id={ids.comments} checked={form.showComments} onCheckedChange={(v) => set({ showComments: v })} />
            </div>

            <div className="grid gap-2">
              <Label htmlFor={ids.expiry}>Link expires on</Label>
              <div className="flex gap-2">
                <Input
                  id={ids.expiry}
                  type="date"
                  min={keepsExpired ? undefined : minDate}
                  value={form.expiresAt}
                  onChange={(e) => set({ expiresAt: e.target.value })}
                />
                {form.expiresAt && (
                  <Button type="button" variant="ghost" onClick={() => set({ expiresAt: "" })}>
                    Clear
                  </Button>
                )}
              </div>
              <p className="text-xs text-muted-foreground">
                {keepsExpired
                  ? "This link has expired. Choose a new date or clear it."
                  : form.expiresAt
                    ? "The link works until the end of that day (UTC)."
                    : "No expiry."}
              </p>
            </div>

            <div className="grid gap-2">
              <div className="flex items-center justify-between gap-2">
                <Label htmlFor={ids.password}>Password</Label>
                {saved.hasPassword && !form.removePassword && (
                  <Badge variant="secondary">
                    <Lock aria-hidden="true" className="size-3" />
                    Password protected
                  </Badge>
                )}
              </div>
              <Input
                id={ids.password}
                type="password"
                autoComplete="new-password"
                placeholder={saved.hasPassword ? "Enter a new password to change it" : "Optional"}
                value={form.newPassword}
                disabled={form.removePassword}
                onChange={(e) => set({ newPassword: e.target.value })}
              />
              {saved.hasPassword && (
                <Button
                  type="button"
                  variant="link"
                  className="h-auto justify-self-start p-0"
                  onClick={() => set({ removePassword: !form.removePassword, newPassword: "" })}
                >
                  {form.removePassword ? "Keep the password" : "Remove password"}
                </Button>
              )}
            </div>

            <div className="grid gap-2">
              <Label htmlFor={ids.link}>Share link</Label>
              <div className="flex gap-2">
                <div className="relative flex-1">
                  <Link2 aria-hidden="true" className="absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
                  <Input id={ids.link} readOnly value={link} className="pl-8" onFocus={(e) => e.currentTarget.select()} />
                </div>
                <Button type="button" variant="outline" onClick={() => copy(link)}>
                  {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
                  {copied ? "Copied" : "Copy"}
                </Button>
              </div>
              {!saved.isPublic && (
                <p className="text-xs text-muted-foreground">The link works once public access is on and saved.</p>
              )}
            </div>

            {closeFailed && dirty && (
              <p role="alert" className="text-sm text-destructive">
                These changes are not saved. Save settings to try again, or close without them.
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => requestOpenChange(false)} disabled={save.isPending}>
                {closing ? "Saving..." : closeFailed && dirty ? "Close without saving" : "Done"}
              </Button>
              <Button type="submit" disabled={save.isPending}>
                {save.isPending && !closing ? "Saving..." : "Save settings"}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}

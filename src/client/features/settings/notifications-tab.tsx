import { type FormEvent, useState } from "react";
import type { Notifications } from "../../../shared/contracts/settings";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../lib/toast";
import { saveNotifications } from "./settings-api";

const ITEMS: { key: keyof Notifications; label: string; hint: string }[] = [
  { key: "comments", label: "Comment emails", hint: "Mentions and replies in comment threads, gathered into one email every few minutes. They stay in your inbox either way." },
  { key: "marketing", label: "Marketing emails", hint: "News about features, tips and offers." },
  { key: "updates", label: "Product updates", hint: "Announcements of changes to Draftsmith." },
  { key: "security", label: "Security alerts", hint: "Sign-ins, password and email changes on your account." },
];

/** Notifications tab: comment emails, marketing, product updates and security alerts, and Save Notifications. */
export function NotificationsTab({ saved }: { saved: Notifications }) {
  const [draft, setDraft] = useState<Notifications>(saved);
  const [saving, setSaving] = useState(false);

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      setDraft(await saveNotifications(draft));
      toast({ title: "Notifications Updated", description: "Your notification settings have been saved successfully." });
    } catch (err) {
      console.error("Saving notification settings failed", err);
      toast({
        title: "Update Failed",
        description: "Failed to update notification settings. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-5">
      <ul className="grid gap-4">
        {ITEMS.map((item) => (
          <li key={item.key} className="flex items-center justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={`notify-${item.key}`}>{item.label}</Label>
              <p id={`notify-${item.key}-hint`} className="text-sm text-muted-foreground">
                {item.hint}
              </p>
            </div>
            <Switch
              id={`notify-${item.key}`}
              checked={draft[item.key]}
              onCheckedChange={(v) => setDraft((d) => ({ ...d, [item.key]: v }))}
              aria-describedby={`notify-${item.key}-hint`}
            />
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Notifications"}
        </Button>
      </div>
    </form>
  );
}

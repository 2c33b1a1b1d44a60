// Settings → AI: the switch for ghost-text completion while writing (saved at once, like a
// preference the editor reads from the shared preferences query).
import { useState } from "react";
import { Label } from "../../components/ui/label";
import { Switch } from "../../components/ui/switch";
import { usePreferencesQuery } from "../../lib/preferences-query";
import { toast } from "../../lib/toast";
import { savePreferences } from "./settings-api";

export function InlineCompletionSetting() {
  const preferences = usePreferencesQuery();
  const [saving, setSaving] = useState(false);
  const on = preferences.data?.inlineCompletion !== false;

  async function change(value: boolean) {
    setSaving(true);
    try {
      await savePreferences({ inlineCompletion: value });
    } catch (err) {
      console.error("Saving the completion preference failed", err);
      toast({ title: "Update Failed", description: "Failed to update preferences. Please try again.", variant: "destructive" });
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="flex items-center justify-between gap-4">
      <div className="grid gap-1">
        <Label htmlFor="pref-inline-completion">Suggest as I type</Label>
        <p id="pref-inline-completion-hint" className="text-sm text-muted-foreground">
          After a pause at the end of a paragraph, show a continuation in grey: Tab accepts it, Esc dismisses it. Needs your own
          model, or the Professional plan with a model on this server.
        </p>
      </div>
      <Switch
        id="pref-inline-completion"
        checked={on}
        disabled={!preferences.data || saving}
        onCheckedChange={change}
        aria-describedby="pref-inline-completion-hint"
      />
    </div>
  );
}

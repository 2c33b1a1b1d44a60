import { type FormEvent, useEffect, useRef, useState } from "react";
import type { Preferences, Theme } from "../../../shared/contracts/settings";
import { applyTheme } from "../../lib/theme";
import { Button } from "../../components/ui/button";
import { Label } from "../../components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "../../components/ui/select";
import { Switch } from "../../components/ui/switch";
import { toast } from "../../lib/toast";
import { FONT_FAMILY_OPTIONS, FONT_SIZE_OPTIONS, THEME_OPTIONS } from "./labels";
import { savePreferences } from "./settings-api";

// No Auto-save switch: a document is live and shared, so every change reaches co-editors
// and the server as it is made (the stored `autoSave` preference no longer changes anything).
const SWITCHES: { key: "showWordCount" | "focusModeDefault" | "grammarCheck"; label: string; hint: string }[] = [
  { key: "showWordCount", label: "Show word count", hint: "Show words, characters and reading time in the editor." },
  { key: "focusModeDefault", label: "Focus mode by default", hint: "Open documents with the side panel hidden." },
  {
    key: "grammarCheck",
    label: "Check spelling and grammar as you type",
    hint: "Underline problems while you write. Checked on this device, on every plan.",
  },
];

/**
 * Preferences tab. The theme applies as soon as it is picked (a preview); Save Preferences
 * stores everything. Closing the dialog without saving puts the saved theme back.
 */
export function PreferencesTab({ saved }: { saved: Preferences }) {
  const [draft, setDraft] = useState<Preferences>(saved);
  const [saving, setSaving] = useState(false);
  const savedTheme = useRef<Theme>(saved.theme);

  useEffect(
    () => () => {
      applyTheme(savedTheme.current);
    },
    [],
  );

  function set<K extends keyof Preferences>(key: K, value: Preferences[K]) {
    setDraft((d) => ({ ...d, [key]: value }));
    if (key === "theme") applyTheme(value as Theme);
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    setSaving(true);
    try {
      const next = await savePreferences(draft);
      savedTheme.current = next.theme;
      applyTheme(next.theme);
      toast({ title: "Preferences Updated", description: "Your preferences have been saved successfully." });
    } catch (err) {
      console.error("Saving preferences failed", err);
      toast({
        title: "Update Failed",
        description: "Failed to update preferences. Please try again.",
        variant: "destructive",
      });
    } finally {
      setSaving(false);
    }
  }

  return (
    <form onSubmit={save} className="grid gap-5">
      <div className="grid gap-4 sm:grid-cols-3">
        <Choice id="pref-theme" label="Theme" value={draft.theme} options={THEME_OPTIONS} onChange={(v) => set("theme", v)} />
        <Choice
          id="pref-font-size"
          label="Font Size"
          value={draft.fontSize}
          options={FONT_SIZE_OPTIONS}
          onChange={(v) => set("fontSize", v)}
        />
        <Choice
          id="pref-font-family"
          label="Font Family"
          value={draft.fontFamily}
          options={FONT_FAMILY_OPTIONS}
          onChange={(v) => set("fontFamily", v)}
        />
      </div>
      <ul className="grid gap-4">
        {SWITCHES.map((s) => (
          <li key={s.key} className="flex items-center justify-between gap-4">
            <div className="grid gap-1">
              <Label htmlFor={`pref-${s.key}`}>{s.label}</Label>
              <p id={`pref-${s.key}-hint`} className="text-sm text-muted-foreground">
                {s.hint}
              </p>
            </div>
            <Switch
              id={`pref-${s.key}`}
              checked={draft[s.key]}
              onCheckedChange={(v) => set(s.key, v)}
              aria-describedby={`pref-${s.key}-hint`}
            />
          </li>
        ))}
      </ul>
      <div className="flex justify-end">
        <Button type="submit" disabled={saving}>
          {saving ? "Saving..." : "Save Preferences"}
        </Button>
      </div>
    </form>
  );
}

function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <Select value={props.value} onValueChange={(v) => props.onChange(v as T)}>
        <SelectTrigger id={props.id}>
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {props.options.map((o) => (
            <SelectItem key={o.value} value={o.value}>
              {o.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

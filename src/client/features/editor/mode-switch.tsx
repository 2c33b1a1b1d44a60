// Editing / Suggesting / Viewing, as in Google Docs: what typing in the text does. A
// commenter has Suggesting and Viewing only. Plain buttons (no menu library on the first load).
import { Eye, FilePen, Pencil } from "lucide-react";
import { cn } from "../../lib/cn";

export type EditMode = "editing" | "suggesting" | "viewing";

const MODES: { mode: EditMode; label: string; icon: typeof Pencil; hint: string }[] = [
  { mode: "editing", label: "Editing", icon: Pencil, hint: "Edit the document directly" },
  { mode: "suggesting", label: "Suggesting", icon: FilePen, hint: "Edits become suggestions" },
  { mode: "viewing", label: "Viewing", icon: Eye, hint: "Read without changing anything" },
];

export function ModeSwitch({ mode, onChange, canEdit }: { mode: EditMode; onChange: (mode: EditMode) => void; canEdit: boolean }) {
  return (
    <div role="radiogroup" aria-label="Mode" className="inline-flex items-center rounded-md border bg-background p-0.5">
      {MODES.filter((m) => canEdit || m.mode !== "editing").map(({ mode: m, label, icon: Icon, hint }) => (
        // biome-ignore lint/a11y/useSemanticElements: a segmented control of radio buttons
        <button
          key={m}
          type="button"
          role="radio"
          aria-checked={mode === m}
          title={hint}
          onClick={() => onChange(m)}
          className={cn(
            "inline-flex h-6 items-center gap-1 rounded-sm px-2 text-xs font-medium outline-hidden focus-visible:ring-2 focus-visible:ring-ring",
            mode === m ? "bg-secondary text-secondary-foreground" : "text-muted-foreground hover:text-foreground",
          )}
        >
          <Icon aria-hidden="true" className="size-3.5" />
          {label}
        </button>
      ))}
    </div>
  );
}

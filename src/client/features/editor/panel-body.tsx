// The side panel's content: Document Stats, AI Writing Tools and the shortcuts card, shown
// beside the text (side-panel.tsx) or in a sheet over it (side-panel-sheet.tsx).
import { ChevronsLeft, FileText, ListCollapse, PenLine, Plug, Sparkles, Wand2 } from "lucide-react";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useAiCapabilities } from "../../lib/use-ai-capabilities";
import { StatsList } from "./stats-view";
import type { StatsStore } from "./stats-store";
import type { EditorAiCommand } from "./types";

const SHORTCUTS: { label: string; keys: string }[] = [
  { label: "Bold", keys: "Ctrl+B" },
  { label: "Italic", keys: "Ctrl+I" },
  { label: "AI Assist", keys: "Ctrl+K" },
  { label: "Ask AI", keys: "Ctrl+J" },
  { label: "Commands", keys: "/" },
  { label: "Find", keys: "Ctrl+F" },
  // Ctrl+K is AI Assist here, so the palette takes Shift too (features/palette/command-palette.tsx).
  { label: "Search and commands", keys: "Ctrl+Shift+K" },
];

function ShortcutsCard() {
  return (
    <section aria-labelledby="shortcuts-heading" className="rounded-lg border bg-card p-3">
      <h2 id="shortcuts-heading" className="mb-2 text-sm font-semibold">
        Shortcuts
      </h2>
      <dl className="grid gap-1.5 text-sm">
        {SHORTCUTS.map((s) => (
          <div key={s.label} className="flex items-center justify-between">
            <dt className="text-muted-foreground">{s.label}</dt>
            <dd>
              <kbd className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{s.keys}</kbd>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface PanelProps {
  stats: StatsStore;
  onSmartImprove: () => void;
  onAiCommand: (name: EditorAiCommand) => void;
}

export function PanelBody({ stats, onAiCommand, onSmartImprove, onCollapse }: PanelProps & { onCollapse?: () => void }) {
  const capabilities = useAiCapabilities();
  const noModel = capabilities.loaded && !capabilities.model;
  return (
    <>
      <div className={cn("flex items-center justify-between", !onCollapse && "min-h-8 pr-10")}>
        <h2 className="flex items-center gap-2 text-sm font-semibold">
          <FileText aria-hidden="true" className="size-4" />
          Document Stats
        </h2>
        {onCollapse && (
          <Button variant="ghost" size="icon" aria-label="Collapse panel" onClick={onCollapse}>
            <ChevronsLeft aria-hidden="true" />
          </Button>
        )}
      </div>
      <StatsList store={stats} />
      <section aria-labelledby="ai-tools-heading" className="grid gap-2">
        <h2 id="ai-tools-heading" className="flex items-center gap-2 text-sm font-semibold">
          <Sparkles aria-hidden="true" className="size-4" />
          AI Writing Tools
        </h2>
        <Button variant="outline" size="sm" className="justify-start" onClick={onSmartImprove}>
          <Wand2 aria-hidden="true" />
          Smart Improve
        </Button>
        {/* New text needs a language model: without one the button says so, and pressing it offers to connect one. */}
        <Button
          variant="outline"
          size="sm"
          className="justify-start"
          onClick={() => onAiCommand("complete")}
          aria-label={noModel ? "Continue Writing (needs a language model)" : undefined}
          title={noModel ? "Needs a language model: connect one in Settings" : undefined}
        >
          <PenLine aria-hidden="true" />
          Continue Writing
          {noModel && <Plug aria-hidden="true" className="ml-auto size-3 text-muted-foreground" />}
        </Button>
        <Button variant="outline" size="sm" className="justify-start" onClick={() => onAiCommand("summarize")}>
          <ListCollapse aria-hidden="true" />
          Summarize
        </Button>
      </section>
      <ShortcutsCard />
    </>
  );
}

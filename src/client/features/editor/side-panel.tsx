// The collapsible left panel: Document Stats, AI Writing Tools, the shortcuts card; beside
// the text on a wide screen, a sheet over it on a phone.
import { ChevronsLeft, FileText, ListCollapse, PenLine, Sparkles, Wand2 } from "lucide-react";
import { type ReactNode, useSyncExternalStore } from "react";
import { Button } from "../../components/ui/button";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "../../components/ui/sheet";
import { cn } from "../../lib/cn";
import { StatsList } from "./stats-view";
import type { StatsStore } from "./stats-store";
import type { EditorAiCommand } from "./types";

const SHORTCUTS: { label: string; keys: string }[] = [
  { label: "Bold", keys: "Ctrl+B" },
  { label: "Italic", keys: "Ctrl+I" },
  { label: "AI Assist", keys: "Ctrl+K" },
  { label: "Commands", keys: "/" },
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

const DESKTOP_QUERY = "(min-width: 768px)";

function subscribeDesktop(onChange: () => void): () => void {
  const mq = window.matchMedia(DESKTOP_QUERY);
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}

/**
 * True at Tailwind's `md` breakpoint and wider. Below it the panel would squeeze the text
 * into a narrow column, so it starts closed and opens as a sheet instead of beside the text.
 */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribeDesktop, () => window.matchMedia(DESKTOP_QUERY).matches, () => true);
}

interface PanelProps {
  stats: StatsStore;
  onSmartImprove: () => void;
  onAiCommand: (name: EditorAiCommand) => void;
}

function PanelBody({ stats, onAiCommand, onSmartImprove, onCollapse }: PanelProps & { onCollapse?: () => void }) {
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
        <Button variant="outline" size="sm" className="justify-start" onClick={() => onAiCommand("complete")}>
          <PenLine aria-hidden="true" />
          Continue Writing
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

/** The panel beside the text on a wide screen. */
export function SidePanel({ onCollapse, ...props }: PanelProps & { onCollapse: () => void }) {
  return (
    <aside aria-label="Document panel" className="flex w-64 shrink-0 flex-col gap-4 overflow-y-auto border-r bg-background p-4">
      <PanelBody {...props} onCollapse={onCollapse} />
    </aside>
  );
}

/**
 * The same panel on a narrow screen: a sheet from the left over the text, closed until asked
 * for. An AI tool closes it first, so the result shows in the text rather than behind it.
 */
export function SidePanelSheet({
  open,
  onOpenChange,
  trigger,
  stats,
  onAiCommand,
  onSmartImprove,
}: PanelProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; closing returns focus there. */
  trigger: ReactNode;
}) {
  const close = <T extends unknown[]>(run: (...args: T) => void) => (...args: T) => {
    onOpenChange(false);
    run(...args);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" closeLabel="Close panel" aria-describedby={undefined}>
        <SheetTitle className="sr-only">Document panel</SheetTitle>
        <PanelBody stats={stats} onAiCommand={close(onAiCommand)} onSmartImprove={close(onSmartImprove)} />
      </SheetContent>
    </Sheet>
  );
}

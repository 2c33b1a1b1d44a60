// The side panel's content: Document Stats, the Outline, AI Writing Tools and the shortcuts card, shown
// beside the text (side-panel.tsx) or in a sheet over it (side-panel-sheet.tsx).
import type { Editor } from "@tiptap/core";
import { ChevronsLeft, FileText, ListCollapse, Lock, PenLine, Plug, Sparkles, Wand2 } from "lucide-react";
import { type AiAccess, type AiAction, aiAccess, effectivePlan, PLANS } from "../../../shared/plans";
import { Button } from "../../components/ui/button";
import { cn } from "../../lib/cn";
import { useSubscription } from "../../lib/subscription";
import { useAiCapabilities } from "../../lib/use-ai-capabilities";
import { OutlineCard } from "./outline/outline-view";
import { StatsList } from "./stats-view";
import type { StatsStore } from "./stats-store";
import type { EditorAiCommand } from "./types";
import { WordGoal, type WordGoalProps } from "./word-goal";

const SHORTCUTS: { label: string; keys: string; ai?: boolean }[] = [
  { label: "Bold", keys: "Ctrl+B" },
  { label: "Italic", keys: "Ctrl+I" },
  { label: "Link", keys: "Ctrl+K" },
  { label: "AI Assist (Ask AI)", keys: "Ctrl+J", ai: true },
  { label: "Rewrite", keys: "Ctrl+R", ai: true },
  { label: "Insert blocks", keys: "/" },
  { label: "Find", keys: "Ctrl+F" },
  // The same keys on every page (features/palette/command-palette.tsx).
  { label: "Search and commands", keys: "Ctrl+Shift+K" },
];

function ShortcutsCard({ ai }: { ai: boolean }) {
  return (
    <section aria-labelledby="shortcuts-heading" className="rounded-lg border bg-card p-3">
      <h2 id="shortcuts-heading" className="mb-2 text-sm font-semibold">
        Shortcuts
      </h2>
      <dl className="grid gap-1.5 text-sm">
        {SHORTCUTS.filter((s) => ai || !s.ai).map((s) => (
          // A gap, so a long label on a narrow sheet never runs up against its keys.
          <div key={s.label} className="flex items-center justify-between gap-3">
            <dt className="min-w-0 text-muted-foreground">{s.label}</dt>
            <dd className="shrink-0">
              <kbd className="whitespace-nowrap rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">{s.keys}</kbd>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

export interface PanelProps {
  stats: StatsStore;
  /** The editor whose headings the outline lists. */
  editor: Editor | null;
  wordGoal: WordGoalProps;
  onSmartImprove: () => void;
  onAiCommand: (name: EditorAiCommand) => void;
  /** False for readers who change no text: no AI Writing Tools and no AI shortcuts. */
  aiTools?: boolean;
}

export function PanelBody({
  stats,
  editor,
  wordGoal,
  onAiCommand,
  onSmartImprove,
  onCollapse,
  onJump,
  aiTools = true,
}: PanelProps & { onCollapse?: () => void; /** After a press in the outline. */ onJump?: () => void }) {
  const capabilities = useAiCapabilities();
  const { data: subscription } = useSubscription();
  // The plan table (shared/plans.ts) decides, as it does for the AI toolbar and the server.
  const input = { plan: effectivePlan(subscription), model: !capabilities.loaded || capabilities.model, ownModel: capabilities.source === "user" };
  const access = (action: AiAction): AiAccess => (subscription ? aiAccess(input, action) : { kind: "allowed" });
  const complete = access("complete");
  const summarize = access("summarize");
  const noModel = complete.kind === "model";
  const reason = (label: string, a: AiAccess) =>
    a.kind === "plan" ? `${label} (needs the ${PLANS[a.plan].name} plan)` : a.kind === "model" ? `${label} (needs a language model)` : undefined;
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
      <WordGoal stats={stats} {...wordGoal} />
      <OutlineCard editor={editor} onJump={onJump} />
      {aiTools && (
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
          aria-label={reason("Continue Writing", complete)}
          title={complete.kind === "plan" ? `${complete.message} Upgrade to use it.` : noModel ? "Needs a language model: connect one in Settings" : undefined}
        >
          <PenLine aria-hidden="true" />
          Continue Writing
          {complete.kind === "plan" && <Lock aria-hidden="true" className="ml-auto size-3 text-muted-foreground" />}
          {noModel && <Plug aria-hidden="true" className="ml-auto size-3 text-muted-foreground" />}
        </Button>
        <Button
          variant="outline"
          size="sm"
          className="justify-start"
          onClick={() => onAiCommand("summarize")}
          aria-label={reason("Summarize", summarize)}
          title={summarize.kind === "plan" ? `${summarize.message} Upgrade to use it.` : undefined}
        >
          <ListCollapse aria-hidden="true" />
          Summarize
          {summarize.kind === "plan" && <Lock aria-hidden="true" className="ml-auto size-3 text-muted-foreground" />}
        </Button>
      </section>
      )}
      <ShortcutsCard ai={aiTools} />
    </>
  );
}

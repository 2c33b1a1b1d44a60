import { CloudCheck, Sparkles, WandSparkles } from "lucide-react";
import { type ReactNode, useEffect, useRef, useState } from "react";
import { cn } from "../../lib/cn";
import { AUTOSAVE_TICK_MS, nextSavedSeconds, REFACTOR_TOGGLE_MS, SUGGESTION_TOGGLE_MS, savedAgoText } from "./timings";
import { useReducedMotion } from "./use-reduced-motion";

/** Calls `tick` every `ms` unless motion is reduced. */
function useTicker(ms: number, tick: () => void) {
  const reduced = useReducedMotion();
  const latest = useRef(tick);
  latest.current = tick;
  useEffect(() => {
    if (reduced) return;
    const id = setInterval(() => latest.current(), ms);
    return () => clearInterval(id);
  }, [reduced, ms]);
}

function Blurb(props: { icon: ReactNode; title: string; text: string; children: ReactNode }) {
  return (
    <article className="flex flex-col gap-4 rounded-xl border bg-card p-6 text-card-foreground shadow-sm">
      <div className="flex size-10 items-center justify-center rounded-lg bg-muted text-foreground">{props.icon}</div>
      <div className="grid gap-1.5">
        <h3 className="text-lg font-semibold">{props.title}</h3>
        <p className="text-sm text-muted-foreground">{props.text}</p>
      </div>
      {/* Fixed-height demo area: the animation never shifts the layout. */}
      <div className="h-28 overflow-hidden rounded-lg border bg-background p-3 text-sm">{props.children}</div>
    </article>
  );
}

const toggle = (b: boolean) => !b;

function CompletionDemo() {
  const [shown, setShown] = useState(true);
  useTicker(SUGGESTION_TOGGLE_MS, () => setShown(toggle));
  return (
    <p data-testid="completion-demo" data-suggestion={shown ? "shown" : "hidden"}>
      The quarterly report shows
      {/* Shown or hidden outright (no fade): a half-faded text would fail contrast checks mid-way. */}
      <span className={cn("text-muted-foreground italic", shown ? "visible" : "invisible")}>
        {" "}
        steady growth across every region, led by new customers.
      </span>
      <span className={cn("mt-2 block text-xs text-muted-foreground", shown ? "visible" : "invisible")}>
        Press Tab to accept
      </span>
    </p>
  );
}

const BEFORE = "so basically the meeting went ok and we kind of agreed on most stuff but not the budget thing";
const AFTER = "The meeting was productive: we agreed on most points and will revisit the budget next week.";

function RefactorDemo() {
  const [refined, setRefined] = useState(false);
  useTicker(REFACTOR_TOGGLE_MS, () => setRefined(toggle));
  return (
    <div data-testid="refactor-demo" data-state={refined ? "after" : "before"} className="grid gap-1.5">
      <span className="text-xs font-medium text-muted-foreground">{refined ? "After" : "Before"}</span>
      <p className={refined ? "" : "text-muted-foreground"}>{refined ? AFTER : BEFORE}</p>
    </div>
  );
}

function AutosaveDemo() {
  const [seconds, setSeconds] = useState(1);
  useTicker(AUTOSAVE_TICK_MS, () => setSeconds(nextSavedSeconds));
  return (
    <div className="grid gap-2">
      <p>Chapter 3: The long way home</p>
      <p className="flex items-center gap-1.5 text-xs text-muted-foreground" data-testid="autosave-demo">
        <CloudCheck aria-hidden="true" className="size-3.5 text-success" />
        <span className="tabular-nums">{savedAgoText(seconds)}</span>
      </p>
    </div>
  );
}

/** The three feature blurbs with their small live demos. */
export function FeatureBlurbs() {
  return (
    <div className="grid gap-6 md:grid-cols-3">
      <Blurb
        icon={<Sparkles aria-hidden="true" className="size-5" />}
        title="Context-aware completion"
        text="Suggestions that follow your document's topic, tone and structure, one keystroke away. Completion as you type runs where a language model is connected: on Professional, or with your own model on any plan."
      >
        <CompletionDemo />
      </Blurb>
      <Blurb
        icon={<WandSparkles aria-hidden="true" className="size-5" />}
        title="Instant document refactor"
        text="Rewrite a paragraph for clarity, tone or length without losing what you meant."
      >
        <RefactorDemo />
      </Blurb>
      <Blurb
        icon={<CloudCheck aria-hidden="true" className="size-5" />}
        title="Always-on autosave"
        text="Every change is saved as you write, so a closed tab never costs you a sentence."
      >
        <AutosaveDemo />
      </Blurb>
    </div>
  );
}

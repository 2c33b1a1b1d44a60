import { Sparkles } from "lucide-react";
import { useEffect, useState } from "react";
import { nextTypingStep } from "./timings";
import { useReducedMotion } from "./use-reduced-motion";

const PHRASES = [
  "The best ideas start as rough drafts. Draftsmith helps you shape them into something clear.",
  "Write the first sentence; the AI suggests the next one in your own voice.",
  "Turn scattered notes into a structured outline, then into a finished document.",
];

/** The hero's typing demo: one character every 100 ms, a 2 s pause, then the next phrase. */
export function TypingDemo() {
  const reduced = useReducedMotion();
  const [state, setState] = useState({ phrase: 0, chars: 0 });
  const phrase = PHRASES[state.phrase]!;

  useEffect(() => {
    if (reduced) return;
    const step = nextTypingStep(PHRASES.length, phrase.length, state);
    const timer = setTimeout(() => setState(step.state), step.delay);
    return () => clearTimeout(timer);
  }, [reduced, state, phrase.length]);

  const shown = reduced ? phrase : phrase.slice(0, state.chars);
  return (
    <figure className="w-full rounded-xl border bg-card text-card-foreground shadow-sm">
      <div className="flex items-center gap-1.5 border-b px-4 py-2.5" aria-hidden="true">
        <span className="size-2.5 rounded-full bg-muted-foreground/40" />
        <span className="size-2.5 rounded-full bg-muted-foreground/40" />
        <span className="size-2.5 rounded-full bg-muted-foreground/40" />
        <span className="ml-2 text-xs text-muted-foreground">Untitled Document</span>
      </div>
      {/* Fixed height: the typing never moves the page below it. */}
      <div className="h-36 overflow-hidden px-5 py-4 sm:h-28">
        <p data-testid="typing-demo" className="text-base leading-relaxed sm:text-lg">
          {shown}
          <span aria-hidden="true" className="ml-0.5 inline-block h-5 w-0.5 translate-y-1 animate-pulse bg-foreground" />
        </p>
      </div>
      <figcaption className="flex items-center gap-2 border-t px-4 py-2.5 text-xs text-muted-foreground">
        <Sparkles aria-hidden="true" className="size-3.5" />
        AI suggestions appear as you type
      </figcaption>
    </figure>
  );
}

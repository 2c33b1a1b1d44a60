// A problem's choices beside its underline: what is wrong, the candidates (Accept), Ignore and,
// for a misspelling, Add to dictionary. From the keyboard: Alt+Enter opens it with the first
// choice focused, arrow keys or Tab move between choices, Enter takes one, Escape closes.
import { type KeyboardEvent, useEffect, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { Button } from "../../components/ui/button";
import { problemClass } from "./blocks";
import type { OpenProblem } from "./grammar-layer";

const TITLES = { spelling: "Spelling", grammar: "Grammar", style: "Style" } as const;
/** Candidates shown; the rest are rarely what was meant. */
const SHOWN = 5;
const MARGIN = 8;

export function ProblemPopover(props: {
  open: OpenProblem;
  onAccept: (candidate: string) => void;
  onIgnore: () => void;
  onAddWord: () => void;
  onClose: () => void;
}) {
  const { open, onAccept, onIgnore, onAddWord, onClose } = props;
  const { problem, rect, byKeyboard } = open;
  const box = useRef<HTMLDivElement>(null);
  const [place, setPlace] = useState<{ left: number; top: number } | null>(null);
  const kind = problemClass(problem.kind);
  const candidates = problem.candidates.slice(0, SHOWN);

  // Below the underline, kept inside the window (above it when there is no room below).
  useLayoutEffect(() => {
    const el = box.current;
    if (!el) return;
    const width = el.offsetWidth;
    const height = el.offsetHeight;
    const left = Math.min(Math.max(MARGIN, rect.left), window.innerWidth - width - MARGIN);
    const below = rect.bottom + 6;
    const top = below + height + MARGIN > window.innerHeight ? Math.max(MARGIN, rect.top - height - 6) : below;
    setPlace({ left: Math.max(MARGIN, left), top });
  }, [rect]);

  // Once placed (a hidden element takes no focus).
  const placed = place !== null;
  useEffect(() => {
    if (byKeyboard && placed) box.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [byKeyboard, placed]);

  // A click anywhere else closes it (a click on another underline opens that one instead), and
  // so does Escape while the writer is still typing in the editor.
  useEffect(() => {
    const onDown = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) onClose();
    };
    const onEscape = (e: globalThis.KeyboardEvent) => {
      if (e.key !== "Escape" || box.current?.contains(e.target as Node)) return;
      // Only the choices close: the editor keeps the focus (its own Escape would leave it).
      e.preventDefault();
      e.stopPropagation();
      onClose();
    };
    document.addEventListener("pointerdown", onDown, true);
    document.addEventListener("keydown", onEscape, true);
    return () => {
      document.removeEventListener("pointerdown", onDown, true);
      document.removeEventListener("keydown", onEscape, true);
    };
  }, [onClose]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "Escape") {
      e.preventDefault();
      onClose();
      return;
    }
    if (e.key !== "ArrowDown" && e.key !== "ArrowUp") return;
    const buttons = [...(box.current?.querySelectorAll<HTMLButtonElement>("button") ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const next = buttons[(at + (e.key === "ArrowDown" ? 1 : buttons.length - 1)) % buttons.length];
    next?.focus();
    e.preventDefault();
  };

  return createPortal(
    <div
      ref={box}
      role="dialog"
      aria-label={`${TITLES[kind]} suggestion`}
      className="fixed z-50 w-72 max-w-[calc(100vw-16px)] rounded-md border bg-popover p-3 text-popover-foreground shadow-md"
      style={{ left: place?.left ?? rect.left, top: place?.top ?? rect.bottom + 6, visibility: place ? "visible" : "hidden" }}
      onKeyDown={onKeyDown}
    >
      <p className="flex items-center gap-2 text-xs font-medium text-muted-foreground">
        <span aria-hidden="true" className={`grammar-dot grammar-dot-${kind}`} />
        {TITLES[kind]}
      </p>
      <p className="mt-1 text-sm">{problem.message}</p>
      {candidates.length > 0 && (
        <fieldset className="mt-2 flex flex-wrap gap-1.5" aria-label="Suggestions">
          {candidates.map((c) => (
            <Button key={c} size="sm" className="font-semibold" aria-label={`Accept “${c}”`} onClick={() => onAccept(c)}>
              {c === "" ? "Remove" : c}
            </Button>
          ))}
        </fieldset>
      )}
      <div className="mt-2 flex flex-wrap gap-1.5 border-t pt-2">
        <Button size="sm" variant="ghost" onClick={onIgnore}>
          Ignore
        </Button>
        {kind === "spelling" && (
          <Button size="sm" variant="ghost" onClick={onAddWord}>
            Add to dictionary
          </Button>
        )}
      </div>
    </div>,
    document.body,
  );
}

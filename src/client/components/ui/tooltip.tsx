// A text tooltip for one control, without Radix: Radix's tooltip needs its positioning layer
// (Popper and floating-ui, about 12 KB compressed), which made every toolbar button a reason
// to load it with the editor. This one places a small bubble itself and behaves as Radix's
// did: it opens after 700 ms of hover, or at once when moving from one control to the next
// within 300 ms (spec §9) and on keyboard focus; it closes on leave, blur, press, Escape and
// scroll; while open, it describes the control (aria-describedby).
import type * as React from "react";
import { cloneElement, useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { createPortal } from "react-dom";

/** Spec §9: tooltips open after 700 ms; moving between triggers within 300 ms skips the delay. */
const TOOLTIP_DELAY = 700;
const TOOLTIP_SKIP_DELAY = 300;
/** Gap between the control and the bubble, and the least margin to the window's edges. */
const SIDE_OFFSET = 4;
const EDGE = 8;

/** When the last tooltip closed, shared by every tooltip: moving along a toolbar skips the delay. */
let lastClosedAt = Number.NEGATIVE_INFINITY;

type TriggerProps = React.HTMLAttributes<HTMLElement> & { ref?: React.Ref<HTMLElement> };

function setRef<T>(ref: React.Ref<T> | undefined, value: T | null) {
  if (typeof ref === "function") ref(value);
  else if (ref) (ref as React.RefObject<T | null>).current = value;
}

/** Calls the other handlers, then ours (a menu trigger prevents the default of its presses, and the tooltip must still close). */
function chain<E extends React.SyntheticEvent>(theirs: ((e: E) => void) | undefined, ours: (e: E) => void) {
  return (e: E) => {
    theirs?.(e);
    ours(e);
  };
}

/** Above the control, centred, kept inside the window; below it when there is no room above. */
function place(anchor: DOMRect, bubble: { width: number; height: number }): { left: number; top: number } {
  const left = Math.min(Math.max(anchor.left + anchor.width / 2 - bubble.width / 2, EDGE), Math.max(EDGE, window.innerWidth - bubble.width - EDGE));
  const above = anchor.top - SIDE_OFFSET - bubble.height;
  const top = above >= EDGE ? above : anchor.bottom + SIDE_OFFSET;
  return { left, top };
}

function Bubble({ id, anchor, children }: { id: string; anchor: HTMLElement; children: React.ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [position, setPosition] = useState<{ left: number; top: number } | null>(null);
  useLayoutEffect(() => {
    const bubble = ref.current;
    if (bubble) setPosition(place(anchor.getBoundingClientRect(), bubble.getBoundingClientRect()));
  }, [anchor]);
  return createPortal(
    <div
      ref={ref}
      id={id}
      role="tooltip"
      data-slot="tooltip-content"
      data-state="delayed-open"
      style={{ position: "fixed", left: position?.left ?? 0, top: position?.top ?? 0, visibility: position ? "visible" : "hidden" }}
      className="pointer-events-none z-50 max-w-xs rounded-md bg-foreground px-3 py-1.5 text-xs text-background shadow-md data-[state=delayed-open]:animate-fade-in"
    >
      {children}
    </div>,
    document.body,
  );
}

/**
 * Wrap one focusable child with a text tooltip (also its accessible description). Props
 * given to SimpleTooltip itself (a menu trigger's handlers and ref) go on to the child.
 */
export function SimpleTooltip({
  content,
  children,
  ...passed
}: { content: React.ReactNode; children: React.ReactElement<TriggerProps> } & TriggerProps) {
  const id = useId();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const element = useRef<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const child = children.props;

  const show = useCallback(() => {
    clearTimeout(timer.current);
    setAnchor(element.current);
  }, []);
  const hide = useCallback(() => {
    clearTimeout(timer.current);
    setAnchor((open) => {
      if (open) lastClosedAt = Date.now();
      return null;
    });
  }, []);

  useEffect(() => {
    if (!anchor) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") hide();
    };
    document.addEventListener("keydown", onKey, true);
    window.addEventListener("scroll", hide, true);
    return () => {
      document.removeEventListener("keydown", onKey, true);
      window.removeEventListener("scroll", hide, true);
    };
  }, [anchor, hide]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const pointerDown = useRef(false);
  return (
    <>
      {cloneElement(children, {
        ...passed,
        ref: (node: HTMLElement | null) => {
          element.current = node;
          setRef(child.ref, node);
          setRef(passed.ref, node);
        },
        "aria-describedby": anchor ? id : (child["aria-describedby"] ?? passed["aria-describedby"]),
        onPointerEnter: chain(passed.onPointerEnter, chain(child.onPointerEnter, (e: React.PointerEvent<HTMLElement>) => {
          if (e.pointerType === "touch") return;
          clearTimeout(timer.current);
          if (Date.now() - lastClosedAt < TOOLTIP_SKIP_DELAY) show();
          else timer.current = setTimeout(show, TOOLTIP_DELAY);
        })),
        onPointerLeave: chain(passed.onPointerLeave, chain(child.onPointerLeave, hide)),
        onPointerDown: chain(passed.onPointerDown, chain(child.onPointerDown, () => {
          pointerDown.current = true;
          document.addEventListener("pointerup", () => (pointerDown.current = false), { once: true });
          hide();
        })),
        // Focus from a click is not a reason to show it; focus from the keyboard is.
        onFocus: chain(passed.onFocus, chain(child.onFocus, () => !pointerDown.current && show())),
        onBlur: chain(passed.onBlur, chain(child.onBlur, hide)),
        onClick: chain(passed.onClick, chain(child.onClick, hide)),
      })}
      {anchor && (
        <Bubble id={id} anchor={anchor}>
          {content}
        </Bubble>
      )}
    </>
  );
}

// The collapsible left panel: Document Stats, the Outline, AI Writing Tools, the shortcuts card; beside
// the text on a wide screen, a sheet over it on a phone.
import { Suspense, useSyncExternalStore } from "react";
import { PanelBody, type PanelProps } from "./panel-body";
import type { SidePanelSheetProps } from "./side-panel-sheet";
import { lazyPart } from "../../lib/lazy-part";

const DESKTOP_QUERY = "(min-width: 768px)";
/** Wide enough for this panel, the text, the comments margin and a panel on the right at once (Tailwind's `2xl`). */
const ROOMY_QUERY = "(min-width: 1536px)";

function useMedia(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const mq = window.matchMedia(query);
      mq.addEventListener("change", onChange);
      return () => mq.removeEventListener("change", onChange);
    },
    () => window.matchMedia(query).matches,
    () => true,
  );
}

/**
 * True at Tailwind's `md` breakpoint and wider. Below it the panel would squeeze the text
 * into a narrow column, so it starts closed and opens as a sheet instead of beside the text.
 */
export function useWideScreen(): boolean {
  return useMedia(DESKTOP_QUERY);
}

/**
 * True from 1536 px. Narrower, with History or the assistant open on the right (and the
 * comments or suggestions margin beside the text), this panel steps aside while they are
 * open, or the text is left a column a few words wide.
 */
export function useRoomyScreen(): boolean {
  return useMedia(ROOMY_QUERY);
}

/** The panel beside the text on a wide screen. */
export function SidePanel({ onCollapse, ...props }: PanelProps & { onCollapse: () => void }) {
  return (
    <aside aria-label="Document panel" className="flex w-64 shrink-0 flex-col gap-4 overflow-y-auto border-r bg-background p-4">
      <PanelBody {...props} onCollapse={onCollapse} />
    </aside>
  );
}

// Only a narrow screen shows the sheet, so only there does its code (and Radix's dialog) load.
const LazySheet = lazyPart(() => import("./side-panel-sheet").then((m) => ({ default: m.SidePanelSheetContent })));

/**
 * The same panel on a narrow screen: a sheet from the left over the text, closed until asked
 * for. An AI tool closes it first, so the result shows in the text rather than behind it.
 * Until the sheet's code has arrived its button shows as it will be, and a press on it opens
 * the sheet once it is there.
 */
export function SidePanelSheet(props: SidePanelSheetProps) {
  const waiting = (
    <span className="contents" onClickCapture={() => props.onOpenChange(true)}>
      {props.trigger}
    </span>
  );
  return (
    <Suspense fallback={waiting}>
      <LazySheet {...props} />
    </Suspense>
  );
}

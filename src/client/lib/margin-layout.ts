// Cards in a margin column beside the text (comment threads, suggestions): each card's top
// follows the top of the line where its passage starts, pushed down past the card above so
// none overlap, laid out again on scroll, resize, a reflow of the text and each change of it.
// The text scrolls and the column beside it does not, so three more rules keep every card
// whole: a card never stands across the column's top edge (under the margin's header) — one
// that would waits wholly above it, in the text's order, until scrolling brings its place
// below the edge again; the text gets room below its end as tall as the cards that stand
// lower than it, so the last card can be scrolled into view; and the card made active, or
// reached with the keyboard, is brought wholly into view by scrolling the text to it.
// Only the layers that load on demand use it, so it stays off the first load.
import type { Editor } from "@tiptap/core";
import { useCallback, useLayoutEffect, useRef, useState } from "react";

export interface MarginAnchor {
  id: string;
  /** A document position in the first line of the card's passage; null when it has none (it goes last). */
  pos: number | null;
}

const GAP = 8;
/** A card's height until it is measured. */
const UNMEASURED = 120;

/**
 * The room each margin on screen asks for below the end of the text; the largest is set on the
 * text's scroller as --margin-room, the height of the spacer after the text (editor-workspace.tsx).
 */
const rooms = new Map<object, number>();
function askRoom(who: object, px: number | null) {
  if (px === null) rooms.delete(who);
  else rooms.set(who, px);
  const largest = Math.max(0, ...rooms.values());
  document.getElementById("main")?.style.setProperty("--margin-room", `${largest}px`);
}

/**
 * The vertical place of each card in `column` (px from its top), by id; `measure(id)` is the ref
 * of the card's box. `active` is the raised card (brought into view when it becomes active).
 */
export function useMarginLayout(editor: Editor | null, column: HTMLElement | null, anchors: readonly MarginAnchor[], active: string | null = null) {
  const [tops, setTops] = useState<Record<string, number>>({});
  const heights = useRef(new Map<string, number>());
  // Where each card would stand with the text as it scrolls, were nothing kept in view (px from the column's top).
  const natural = useRef(new Map<string, number>());
  const revealed = useRef<string | null>(null);
  const owner = useRef({});

  /** Scrolls the text so the card `id` stands wholly in the column, if it does not. */
  const reveal = useCallback(
    (id: string) => {
      const top = natural.current.get(id);
      const scroller = document.getElementById("main");
      if (top === undefined || !column || !scroller) return;
      const bottom = top + (heights.current.get(id) ?? UNMEASURED);
      const room = column.clientHeight;
      const by = top < 0 || bottom - top > room ? top - GAP : bottom > room ? bottom - room + GAP : 0;
      if (by !== 0) scroller.scrollBy(0, by);
    },
    [column],
  );

  const layout = useCallback(() => {
    if (!editor || !column || editor.isDestroyed) return;
    // Focus reaching a card the column cut off scrolls the column itself; it never should.
    column.scrollTop = 0;
    const origin = column.getBoundingClientRect().top;
    const max = editor.state.doc.content.size;
    const wanted = anchors.map(({ id, pos }) => ({
      id,
      top: pos === null ? Number.POSITIVE_INFINITY : editor.view.coordsAtPos(Math.max(0, Math.min(pos, max))).top - origin,
    }));
    // A stable sort: cards whose passages start on one line keep the order they were given.
    wanted.sort((a, b) => a.top - b.top);
    const next: Record<string, number> = {};
    const placed = new Map<string, number>();
    let bottom = Number.NEGATIVE_INFINITY;
    let naturalBottom = Number.NEGATIVE_INFINITY;
    for (const w of wanted) {
      const height = heights.current.get(w.id) ?? UNMEASURED;
      const free = Number.isFinite(w.top) ? Math.max(w.top, naturalBottom + GAP) : Math.max(naturalBottom + GAP, 0);
      placed.set(w.id, free);
      naturalBottom = free + height;
      // One that would stand across the top edge waits wholly above it, pushing none below
      // (so one below may stand higher than `free`, never lower: the room below the text
      // follows `free`, and a card whose `free` place is in the column is in it).
      const top = Number.isFinite(w.top) ? Math.max(w.top, bottom + GAP) : Math.max(bottom + GAP, 0);
      const shown = top >= 0 ? top : free >= 0 ? 0 : Math.min(top, -height);
      next[w.id] = shown;
      bottom = shown + height;
    }
    natural.current = placed;
    setTops((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
    // The room below the text: how far the lowest card would stand below the text's end.
    const end = document.querySelector("[data-margin-room]")?.getBoundingClientRect().top;
    if (end !== undefined) askRoom(owner.current, Number.isFinite(naturalBottom) ? Math.max(0, Math.ceil(naturalBottom + GAP - (end - origin))) : 0);
    // A card made active comes into view once, when it becomes active (then it scrolls with its passage).
    if (active !== revealed.current && (active === null || heights.current.has(active))) {
      revealed.current = active;
      if (active !== null) reveal(active);
    }
  }, [editor, column, anchors, active, reveal]);

  useLayoutEffect(() => {
    layout();
    const scroller = document.getElementById("main");
    scroller?.addEventListener("scroll", layout, { passive: true });
    window.addEventListener("resize", layout);
    editor?.on("update", layout);
    // The text's lines move without a resize of the window too: another margin opening or
    // closing beside it narrows or widens the column the text wraps in.
    const text = editor && !editor.isDestroyed ? editor.view.dom : null;
    const resized = text ? new ResizeObserver(() => layout()) : null;
    if (text) resized?.observe(text);
    // A card reached with the keyboard (Tab into it) comes wholly into view.
    const focused = (e: FocusEvent) => {
      const id = (e.target as Element).closest<HTMLElement>("[data-margin-card]")?.dataset.marginCard;
      if (id) reveal(id);
    };
    column?.addEventListener("focusin", focused);
    column?.addEventListener("scroll", layout, { passive: true });
    return () => {
      scroller?.removeEventListener("scroll", layout);
      window.removeEventListener("resize", layout);
      editor?.off("update", layout);
      resized?.disconnect();
      column?.removeEventListener("focusin", focused);
      column?.removeEventListener("scroll", layout);
    };
  }, [layout, editor, column, reveal]);
  // A margin that closes gives its room back.
  useLayoutEffect(() => {
    const who = owner.current;
    if (!editor || !column) return;
    return () => askRoom(who, null);
  }, [editor, column]);

  const measure = useCallback(
    (id: string) => (el: HTMLElement | null) => {
      if (!el) return;
      el.dataset.marginCard = id;
      const h = el.offsetHeight;
      if (heights.current.get(id) !== h) {
        heights.current.set(id, h);
        requestAnimationFrame(layout);
      }
    },
    [layout],
  );
  return { tops, measure };
}

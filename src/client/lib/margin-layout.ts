// Cards in a margin column beside the text (comment threads, suggestions): each card's top
// follows the top of the line where its passage starts, pushed down past the card above so
// none overlap, laid out again on scroll, resize, a reflow of the text and each change of it.
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

/** The vertical place of each card in `column` (px from its top), by id; `measure(id)` is the ref of the card's box. */
export function useMarginLayout(editor: Editor | null, column: HTMLElement | null, anchors: readonly MarginAnchor[]) {
  const [tops, setTops] = useState<Record<string, number>>({});
  const heights = useRef(new Map<string, number>());
  const layout = useCallback(() => {
    if (!editor || !column || editor.isDestroyed) return;
    const origin = column.getBoundingClientRect().top;
    const max = editor.state.doc.content.size;
    const wanted = anchors.map(({ id, pos }) => ({
      id,
      top: pos === null ? Number.POSITIVE_INFINITY : editor.view.coordsAtPos(Math.max(0, Math.min(pos, max))).top - origin,
    }));
    // A stable sort: cards whose passages start on one line keep the order they were given.
    wanted.sort((a, b) => a.top - b.top);
    const next: Record<string, number> = {};
    let bottom = Number.NEGATIVE_INFINITY;
    for (const w of wanted) {
      const top = Number.isFinite(w.top) ? Math.max(w.top, bottom + GAP) : Math.max(bottom + GAP, 0);
      next[w.id] = top;
      bottom = top + (heights.current.get(w.id) ?? UNMEASURED);
    }
    setTops((prev) => (JSON.stringify(prev) === JSON.stringify(next) ? prev : next));
  }, [editor, column, anchors]);
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
    return () => {
      scroller?.removeEventListener("scroll", layout);
      window.removeEventListener("resize", layout);
      editor?.off("update", layout);
      resized?.disconnect();
    };
  }, [layout, editor]);
  const measure = useCallback(
    (id: string) => (el: HTMLElement | null) => {
      if (!el) return;
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

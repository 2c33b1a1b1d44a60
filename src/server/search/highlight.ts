// ts_headline marks matches with two control characters (queries.ts strips them from the
// text first, so only the marks carry them); this splits its output into runs for the
// client, which renders them as <mark> without any HTML.
import type { Highlight } from "../../shared/contracts/search.js";

export const START_MARK = "\u0002";
export const STOP_MARK = "\u0003";

export function toHighlight(marked: string): Highlight {
  const runs: Highlight = [];
  const push = (text: string, mark: boolean) => {
    if (!text) return;
    const prev = runs[runs.length - 1];
    if (prev && prev.mark === mark) prev.text += text;
    else runs.push({ text, mark });
  };
  let mark = false;
  let from = 0;
  for (let i = 0; i < marked.length; i++) {
    const ch = marked[i];
    if (ch !== START_MARK && ch !== STOP_MARK) continue;
    push(marked.slice(from, i), mark);
    mark = ch === START_MARK;
    from = i + 1;
  }
  push(marked.slice(from), mark);
  return runs;
}

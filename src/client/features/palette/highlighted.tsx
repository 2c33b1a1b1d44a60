// Text runs from the search API, the matched ones in <mark>. Rendered as React text, never as
// HTML: a document's words cannot become markup.
import type { Highlight } from "../../../shared/contracts/search";

export function Highlighted({ runs }: { runs: Highlight }) {
  return (
    <>
      {/* Runs are positional and never reorder, so their index is their key. */}
      {runs.map((run, i) =>
        run.mark ? (
          <mark key={i} className="rounded-sm bg-yellow-200 px-0.5 text-inherit dark:bg-yellow-500/40">
            {run.text}
          </mark>
        ) : (
          <span key={i}>{run.text}</span>
        ),
      )}
    </>
  );
}

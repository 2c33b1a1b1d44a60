// Where a search result opens: the document, or the comment thread that matched when only a
// comment did (the title and the text hold none of the words), so the match is on screen.
import { threadPath } from "../../../shared/contracts/notifications";
import type { SearchResult } from "../../../shared/contracts/search";

export function resultPath(r: SearchResult): string {
  const textMatched = r.title_highlight.some((run) => run.mark) || r.snippet.some((run) => run.mark);
  if (r.comment && !textMatched) return threadPath(r.id, r.comment.thread_id);
  return `/editor/${r.id}`;
}

// A document found by search: its title with the matched words marked, "Shared" when another
// user owns it, up to two lines of the passage that matched, and the comment that matched.
import type { SearchResult } from "../../../shared/contracts/search";
import { MessageSquare } from "lucide-react";
import { Highlighted } from "./highlighted";

export function ResultTitle({ result: r }: { result: SearchResult }) {
  return (
    <div className="min-w-0">
      <div className="truncate font-medium">
        <Highlighted runs={r.title_highlight.length > 0 ? r.title_highlight : [{ text: r.title || "Untitled Document", mark: false }]} />
        {r.access !== "owner" && <span className="ml-2 text-xs font-normal text-muted-foreground">Shared</span>}
      </div>
      {/* The text's opening words only when no comment stands for the match. */}
      {r.snippet.length > 0 && (!r.comment || r.snippet.some((run) => run.mark)) && (
        <div className="line-clamp-2 text-sm break-words text-muted-foreground">
          <Highlighted runs={r.snippet} />
        </div>
      )}
      {r.comment && (
        <div className="mt-0.5 flex min-w-0 gap-1.5 text-sm text-muted-foreground">
          <MessageSquare className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
          <span className="sr-only">Comment: </span>
          <span className="line-clamp-2 break-words">
            <Highlighted runs={r.comment.snippet} />
          </span>
        </div>
      )}
    </div>
  );
}

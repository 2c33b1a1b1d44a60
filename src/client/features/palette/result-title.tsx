// A document found by search: its title with the matched words marked, "Shared" when another
// user owns it, and up to two lines of the passage that matched.
import type { SearchResult } from "../../../shared/contracts/search";
import { Highlighted } from "./highlighted";

export function ResultTitle({ result: r }: { result: SearchResult }) {
  return (
    <div className="min-w-0">
      <div className="truncate font-medium">
        <Highlighted runs={r.title_highlight.length > 0 ? r.title_highlight : [{ text: r.title || "Untitled Document", mark: false }]} />
        {r.access !== "owner" && <span className="ml-2 text-xs font-normal text-muted-foreground">Shared</span>}
      </div>
      {r.snippet.length > 0 && (
        <div className="line-clamp-2 text-sm break-words text-muted-foreground">
          <Highlighted runs={r.snippet} />
        </div>
      )}
    </div>
  );
}

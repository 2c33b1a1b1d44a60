// Full-text search over the documents a user may read and their comments (GET /api/search),
// used by the command palette.
import { z } from "zod";

export const SEARCH_QUERY_MAX_LENGTH = 200;
export const SEARCH_DEFAULT_LIMIT = 10;
export const SEARCH_MAX_LIMIT = 50;

/** GET /api/search?q=&limit= */
export const SearchQuerySchema = z.object({
  q: z.string().max(SEARCH_QUERY_MAX_LENGTH, `Search for at most ${SEARCH_QUERY_MAX_LENGTH} characters`).default(""),
  limit: z.coerce.number().int().min(1).max(SEARCH_MAX_LIMIT).default(SEARCH_DEFAULT_LIMIT),
});
export type SearchQuery = z.infer<typeof SearchQuerySchema>;

/**
 * Text cut into runs, `mark` set on the runs that matched. The client renders marked runs
 * as <mark>; no HTML ever travels, so a document's text can never become markup.
 */
export const HighlightSchema = z.array(z.object({ text: z.string(), mark: z.boolean() }));
export type Highlight = z.infer<typeof HighlightSchema>;

export const SearchResultSchema = z.object({
  id: z.string(),
  title: z.string(),
  title_highlight: HighlightSchema,
  /** Passages of the text around the matches, joined by " … ". */
  snippet: HighlightSchema,
  /** "owner", or the caller's role on a document shared with them. */
  access: z.enum(["owner", "viewer", "commenter", "editor"]),
  /**
   * The comment that matched best, when one did (comments are searched for everyone who may
   * read them: the owner and members): its thread, to open, and its text around the match.
   */
  comment: z.object({ thread_id: z.string(), snippet: HighlightSchema }).nullable(),
  updated_at: z.string(),
});
export type SearchResult = z.infer<typeof SearchResultSchema>;

export const SearchResponseSchema = z.object({ results: z.array(SearchResultSchema) });
export type SearchResponse = z.infer<typeof SearchResponseSchema>;

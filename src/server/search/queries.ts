// Full-text search over the documents a user may read: their own and those shared with them
// as a member, never one in the trash; a document is found by its title, its text or the text
// of one of its comments (every member reads the comments: comments/access.ts). The vector is documents.search (db/migrations/0120 and
// 0150: computed when a row is created, marked stale by later writes, brought up to date by
// refresh.ts before each search), matched through its GIN index; it is left out of
// db/schema.ts so that the many `select()`s of whole document rows never fetch it.
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import type { SearchResult } from "../../shared/contracts/search.js";
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";
import { START_MARK, STOP_MARK, toHighlight } from "./highlight.js";
import { refreshSearchVectors } from "./refresh.js";
import { anchorWord, toTsquery } from "./tsquery.js";

// Two short passages around the matches. Text without a match in it (a title-only hit) shows
// its opening words.
const SNIPPET_OPTIONS = `StartSel=${START_MARK}, StopSel=${STOP_MARK}, MaxWords=18, MinWords=6, MaxFragments=2, FragmentDelimiter=" … "`;
// A comment is short: shown whole up to a few lines, around its match when longer.
const COMMENT_OPTIONS = `StartSel=${START_MARK}, StopSel=${STOP_MARK}, MaxWords=30, MinWords=12`;
const TITLE_OPTIONS = `StartSel=${START_MARK}, StopSel=${STOP_MARK}, HighlightAll=true`;
/** The marks are taken out of the text first, so only ts_headline's marks carry them. */
const withoutMarks = (text: unknown) => sql`translate(${text}, chr(2) || chr(3), '')`;
/** Characters of text around the anchor word's first appearance that ts_headline reads. */
const WINDOW_BEFORE = 300;
const WINDOW_LENGTH = 3000;

export async function searchDocuments(ctx: AppContext, userId: string, input: string, limit: number): Promise<SearchResult[]> {
  const tsquery = toTsquery(input);
  if (!tsquery) return [];
  const query = sql`to_tsquery('simple', ${tsquery})`;
  const anchor = anchorWord(input);
  // Saves only mark vectors stale (refresh.ts): the ones this search reads are made current first.
  await refreshSearchVectors(ctx, userId);
  const memberRole = sql`(select m.role from document_members m where m.document_id = "documents"."id" and m.user_id = ${userId} limit 1)`;
  // Comments have their own vector, kept by the database (db/migrations/0230_comments.sql).
  const commentMatches = sql`exists (select 1 from comments c where c.document_id = "documents"."id" and c.deleted_at is null and c.search @@ ${query})`;
  const ranked = ctx.db.$with("ranked").as(
    ctx.db
      .select({
        id: documents.id,
        title: documents.title,
        body: sql<string>`"documents"."text_content"`.as("body"),
        updatedAt: documents.updatedAt,
        ownerId: documents.userId,
        role: sql<string | null>`${memberRole}`.as("role"),
        // Title matches first, then by ts_rank_cd (title words weigh A, text words B).
        inTitle: sql<boolean>`to_tsvector('simple', "documents"."title") @@ ${query}`.as("in_title"),
        // A document matched only through a comment ranks after those whose text matched.
        rank: sql<number>`coalesce(ts_rank_cd("documents"."search", ${query}), 0)`.as("rank"),
      })
      .from(documents)
      .where(
        and(
          or(sql`"documents"."search" @@ ${query}`, commentMatches),
          isNull(documents.deletedAt),
          or(eq(documents.userId, userId), sql`${memberRole} is not null`),
        ),
      )
      .orderBy(sql`in_title desc`, sql`rank desc`, desc(documents.updatedAt))
      .limit(limit),
  );
  // ts_headline reads the whole text again, so it runs on the page of results only.
  const rows = await ctx.db
    .with(ranked)
    .select({
      id: ranked.id,
      title: ranked.title,
      updatedAt: ranked.updatedAt,
      ownerId: ranked.ownerId,
      role: ranked.role,
      titleMarked: sql<string>`ts_headline('simple', ${withoutMarks(ranked.title)}, ${query}, ${TITLE_OPTIONS})`,
      // Reading a whole 27 KB text costs ~3 ms per result; a window around the anchor word
      // holds the first match in all but odd cases (then the window's opening words show).
      // The best-matching comment of the result, if any (its thread and text).
      comment: sql<{ thread_id: string; body: string } | null>`(select json_build_object('thread_id', c.thread_id, 'body', ts_headline('simple', ${withoutMarks(sql`c.body`)}, ${query}, ${COMMENT_OPTIONS}))
        from comments c where c.document_id = "ranked"."id" and c.deleted_at is null and c.search @@ ${query}
        order by ts_rank_cd(c.search, ${query}) desc, c.seq limit 1)`,
      snippetMarked: sql<string>`ts_headline('simple', ${withoutMarks(sql`substring(${ranked.body} from greatest(1, strpos(lower(${ranked.body}), ${anchor}) - ${sql.raw(String(WINDOW_BEFORE))}) for ${sql.raw(String(WINDOW_LENGTH))})`)}, ${query}, ${SNIPPET_OPTIONS})`,
    })
    .from(ranked)
    .orderBy(desc(ranked.inTitle), desc(ranked.rank), desc(ranked.updatedAt));
  return rows.map((r) => ({
    id: r.id,
    title: r.title,
    title_highlight: toHighlight(r.titleMarked),
    snippet: toHighlight(r.snippetMarked),
    access: r.ownerId === userId ? "owner" : r.role === "editor" || r.role === "commenter" ? r.role : "viewer",
    comment: r.comment ? { thread_id: r.comment.thread_id, snippet: toHighlight(r.comment.body) } : null,
    updated_at: new Date(r.updatedAt).toISOString(),
  }));
}

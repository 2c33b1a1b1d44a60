// The owner's dashboard list: summaries (no content), sorted by last edit, creation or title,
// a page at a time with a cursor, optionally only the pinned documents or only the others.
import { type SQL, and, asc, count, desc, eq, getTableColumns, isNull, sql } from "drizzle-orm";
import { DOCUMENT_EXCERPT_LENGTH, type DocumentListQuery, type DocumentSummary } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import { documents } from "../db/index.js";
import { badRequest } from "../http/index.js";
import { isDocumentId } from "./access.js";
import { excerptOf } from "../../shared/editor/text.js";
import { presentSummary } from "./present.js";

const { content: _content, textContent: _text, ...summaryColumns } = getTableColumns(documents);

/** Each sort: the key as text (written into the cursor exactly as the database has it), its SQL type, and the direction. */
const SORTS = {
  updated: { key: sql<string>`${documents.updatedAt}::text`, column: sql`${documents.updatedAt}`, cast: sql`timestamptz`, dir: "desc" },
  created: { key: sql<string>`${documents.createdAt}::text`, column: sql`${documents.createdAt}`, cast: sql`timestamptz`, dir: "desc" },
  title: { key: sql<string>`lower(${documents.title})`, column: sql`lower(${documents.title})`, cast: sql`text`, dir: "asc" },
} as const;

function encodeCursor(key: string, id: string): string {
  return Buffer.from(JSON.stringify([key, id])).toString("base64url");
}

function decodeCursor(cursor: string): { key: string; id: string } {
  try {
    const [key, id] = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown[];
    if (typeof key === "string" && key.length <= 1024 && typeof id === "string" && isDocumentId(id)) return { key, id };
  } catch {
    // falls through to the 400
  }
  throw badRequest("Invalid cursor", { field: "cursor" });
}

export interface DocumentPage {
  items: DocumentSummary[];
  /** The cursor of the next page, or null on the last one. */
  next: string | null;
  /** The caller's documents in all (not in the trash). */
  total: number;
}

export async function listDocuments(ctx: AppContext, userId: string, query: DocumentListQuery): Promise<DocumentPage> {
  const sort = SORTS[query.sort];
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  const pinned = sql<boolean>`exists (select 1 from document_pins p where p.document_id = "documents"."id" and p.user_id = ${userId})`;
  const conditions: (SQL | undefined)[] = [eq(documents.userId, userId), isNull(documents.deletedAt)];
  if (query.pinned) conditions.push(query.pinned === "true" ? pinned : sql`not ${pinned}`);
  if (after) {
    const cmp = sort.dir === "desc" ? sql`<` : sql`>`;
    // A cursor from another sort fails the cast (400), never a 500.
    if (sort.cast === SORTS.updated.cast && Number.isNaN(Date.parse(after.key))) throw badRequest("Invalid cursor", { field: "cursor" });
    conditions.push(sql`(${sort.column}, ${documents.id}) ${cmp} (${after.key}::${sort.cast}, ${after.id}::uuid)`);
  }
  const order = sort.dir === "desc" ? [desc(sort.column), desc(documents.id)] : [asc(sort.column), asc(documents.id)];
  const [rows, [counted]] = await Promise.all([
    ctx.db
      .select({
        ...summaryColumns,
        pinned,
        cursorKey: sort.key,
        // Open comment threads, for the card's count (comments/; the list is the owner's own documents).
        openComments: sql<number>`(select count(*)::int from comment_threads c where c.document_id = "documents"."id" and c.resolved_at is null)`,
        // Only the text's start leaves the database; excerptOf makes the card's line of it.
        textStart: sql<string>`left(${documents.textContent}, ${DOCUMENT_EXCERPT_LENGTH})`,
      })
      .from(documents)
      .where(and(...conditions))
      .orderBy(...order)
      .limit(query.limit + 1),
    ctx.db.select({ n: count() }).from(documents).where(and(eq(documents.userId, userId), isNull(documents.deletedAt))),
  ]);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    items: page.map((row) => ({ ...presentSummary(row, excerptOf(row.textStart, DOCUMENT_EXCERPT_LENGTH)), pinned: row.pinned, open_comments: Number(row.openComments) })),
    next: rows.length > query.limit && last ? encodeCursor(last.cursorKey, last.id) : null,
    total: counted?.n ?? 0,
  };
}

// Where a live document's Yjs state is kept: document_states, beside the JSON copy in
// documents that everything else reads. A document written before collaboration is
// converted from its JSON exactly once: two conversions of the same JSON would be two
// different histories, and merging them would show every paragraph twice.
import { and, eq, getTableColumns, sql } from "drizzle-orm";
import * as Y from "yjs";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { DEFAULT_DOCUMENT_TITLE, TITLE_MAX_LENGTH } from "../../shared/limits.js";
import type { AppContext } from "../context.js";
import { documentStates, documents } from "../db/index.js";
import { checkContent, contentCache, presentDocument } from "../documents/index.js";
import { titleOf, ydocFromContent } from "./ydoc.js";

// What a store reads back: everything but the content it has just written.
const { content: _content, textContent: _text, ...withoutContent } = getTableColumns(documents);

const toBytes = (value: Uint8Array) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));

/** How often a conversion starts over because a save changed the document while it ran. */
const CONVERSION_ATTEMPTS = 5;

/** The stored state of document `id`, converting its JSON on first use; null when the document is gone. */
export async function loadState(ctx: AppContext, id: string): Promise<Uint8Array | null> {
  const [stored] = await ctx.db.select({ state: documentStates.state }).from(documentStates).where(eq(documentStates.documentId, id));
  if (stored) return new Uint8Array(stored.state);
  for (let attempt = 0; attempt < CONVERSION_ATTEMPTS; attempt++) {
    const content = await contentJson(ctx, id);
    if (!content) return null;
    const title = content.title === DEFAULT_DOCUMENT_TITLE ? "" : content.title;
    const converted = Y.encodeStateAsUpdate(ydocFromContent(JSON.parse(content.json) as DocNode, title));
    const outcome = await ctx.db.transaction(async (tx) => {
      // Marks the document co-edited only if it is still the version converted. From then on
      // a save's UPDATE (documents/save.ts) writes nothing and goes through the live state; one
      // that waited on this row is checked again against the marked row.
      const [marked] = await tx
        .update(documents)
        .set({ coEdited: true })
        .where(and(eq(documents.id, id), eq(documents.version, content.version)))
        .returning({ id: documents.id });
      if (!marked) return "changed" as const;
      // Whoever converts first wins; everyone else reads the winner's state. Only whether this
      // one went in comes back (returning the state would copy it out of the database again).
      const inserted = await tx
        .insert(documentStates)
        .values({ documentId: id, state: toBytes(converted), updatedAt: ctx.now() })
        .onConflictDoNothing()
        .returning({ documentId: documentStates.documentId });
      return inserted[0] ? ("inserted" as const) : ("lost" as const);
    });
    if (outcome === "inserted") return converted;
    if (outcome === "lost") {
      const [winner] = await ctx.db.select({ state: documentStates.state }).from(documentStates).where(eq(documentStates.documentId, id));
      return winner ? new Uint8Array(winner.state) : null;
    }
  }
  throw new Error(`document ${id} kept changing while it was converted for live editing`);
}

/**
 * The stored content of document `id` as JSON text, with its title. The content cache
 * usually holds it (the editor's GET of the document has just read it), which spares the
 * database turning a large jsonb value into text and the copy out of its thread.
 */
async function contentJson(ctx: AppContext, id: string): Promise<{ json: string; title: string; version: number } | null> {
  const [row] = await ctx.db.select({ version: documents.version, title: documents.title }).from(documents).where(eq(documents.id, id));
  if (!row) return null;
  const cached = contentCache(ctx).get(id, row.version);
  if (cached !== undefined) return { json: cached, title: row.title, version: row.version };
  const [stored] = await ctx.db
    .select({ json: sql<string>`${documents.content}::text`, title: documents.title, version: documents.version })
    .from(documents)
    .where(eq(documents.id, id));
  return stored ?? null;
}

export interface StoredDocument {
  record: DocumentRecord;
  /** False when the derived content and title equal what was stored: only the Yjs state was written. */
  contentChanged: boolean;
}

/**
 * Stores the live state and the JSON, plain text and version derived from it, in one
 * transaction. The version moves only when the readable content changed, so a REST client
 * that saved through PATCH keeps a valid version while editors merely reconnect.
 * Returns null when the document no longer exists.
 */
export async function storeState(ctx: AppContext, id: string, doc: Y.Doc, content: DocNode): Promise<StoredDocument | null> {
  const checked = checkContent(content as unknown as Record<string, unknown>);
  const title = [...(titleOf(doc).trim() || DEFAULT_DOCUMENT_TITLE)].slice(0, TITLE_MAX_LENGTH).join("");
  const state = toBytes(Y.encodeStateAsUpdate(doc));
  const now = ctx.now();
  const cache = contentCache(ctx);
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ version: documents.version, title: documents.title })
      .from(documents)
      .where(eq(documents.id, id))
      .for("update");
    if (!current) return null;
    await tx
      .insert(documentStates)
      .values({ documentId: id, state, updatedAt: now })
      .onConflictDoUpdate({ target: documentStates.documentId, set: { state, updatedAt: now } });
    // Unchanged when the stored version's JSON is this one. The last store or save left it in
    // the content cache in the schema's own key order; otherwise it is read and normalized
    // (checkContent), since jsonb reorders keys.
    let sameContent = cache.get(id, current.version) === checked.json;
    if (!sameContent) {
      const [stored] = await tx.select({ content: sql<string>`${documents.content}::text` }).from(documents).where(eq(documents.id, id));
      sameContent = !!stored && checkContent(stored.content).json === checked.json;
    }
    const contentChanged = !sameContent || current.title !== title;
    const [row] = contentChanged
      ? await tx
          .update(documents)
          .set({ title, content: sql`${checked.json}::jsonb`, textContent: checked.text, wordCount: checked.words, version: sql`${documents.version} + 1`, updatedAt: now })
          .where(eq(documents.id, id))
          .returning(withoutContent)
      : await tx.select(withoutContent).from(documents).where(eq(documents.id, id));
    if (!row) return null;
    cache.set(id, row.version, checked.json);
    return { record: presentDocument({ ...row, content: checked.doc, textContent: checked.text }), contentChanged };
  });
}

/** The stored version and time of document `id` (what a "stored" notice reports). */
export async function storedVersion(ctx: AppContext, id: string): Promise<{ version: number; updatedAt: string } | null> {
  const [row] = await ctx.db.select({ version: documents.version, updatedAt: documents.updatedAt }).from(documents).where(eq(documents.id, id));
  return row ? { version: row.version, updatedAt: row.updatedAt.toISOString() } : null;
}

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
import { deleteHeldRows } from "./update-log.js";
import { contentNode, contentOf, fillEmpty, titleOf, withoutUpdateEvents } from "./ydoc.js";

// What a store reads back: everything but the content it has just written.
const { content: _content, textContent: _text, ...withoutContent } = getTableColumns(documents);

const toBytes = (value: Uint8Array) => (Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength));

/** How often a conversion starts over because a save changed the document while it ran. */
const CONVERSION_ATTEMPTS = 5;

/**
 * Loads document `id`'s live state into `into`, converting its JSON on first use; returns the
 * state, or null when the document is gone. `into` is empty and nobody receives its updates
 * yet (a live document being loaded): the state goes in without Yjs encoding it again for them.
 */
export async function loadState(ctx: AppContext, id: string, into: Y.Doc): Promise<Uint8Array | null> {
  const [stored] = await ctx.db.select({ state: documentStates.state }).from(documentStates).where(eq(documentStates.documentId, id));
  if (stored) return applied(into, new Uint8Array(stored.state));
  for (let attempt = 0; attempt < CONVERSION_ATTEMPTS; attempt++) {
    const content = await contentJson(ctx, id);
    if (!content) return null;
    const title = content.title === DEFAULT_DOCUMENT_TITLE ? "" : content.title;
    // Read against the schema before the transaction: on the embedded database a transaction
    // holds up every other query.
    const node = contentNode(JSON.parse(content.json) as DocNode);
    const outcome = await ctx.db.transaction(async (tx) => {
      // Marks the document co-edited only if it is still the version read. From then on a
      // save's UPDATE (documents/save.ts) writes nothing and goes through the live state; one
      // that waited on this row is checked again against the marked row.
      const [marked] = await tx
        .update(documents)
        .set({ coEdited: true })
        .where(and(eq(documents.id, id), eq(documents.version, content.version)))
        .returning({ id: documents.id });
      if (!marked) return "changed" as const;
      // The mark holds the document's row until this commits, so conversions take turns here:
      // one that finds a state already stored (another instance converted first) reads it, and
      // only the first converts, straight into the live document (no copy applied again).
      const [winner] = await tx.select({ id: documentStates.documentId }).from(documentStates).where(eq(documentStates.documentId, id));
      if (winner) return "lost" as const;
      const converted = withoutUpdateEvents(into, () => {
        fillEmpty(into, node, title);
        return Y.encodeStateAsUpdate(into);
      });
      // Only whether it went in comes back (returning the state would copy it out of the
      // database again). It cannot conflict while the row is held; if it did, the load fails
      // (the half-loaded live document is dropped) rather than hold two histories.
      const inserted = await tx
        .insert(documentStates)
        .values({ documentId: id, state: toBytes(converted), updatedAt: ctx.now() })
        .onConflictDoNothing()
        .returning({ documentId: documentStates.documentId });
      if (!inserted[0]) throw new Error(`document ${id} was converted for live editing twice at once`);
      return converted;
    });
    if (outcome instanceof Uint8Array) return outcome;
    if (outcome === "lost") {
      const [state] = await ctx.db.select({ state: documentStates.state }).from(documentStates).where(eq(documentStates.documentId, id));
      return state ? applied(into, new Uint8Array(state.state)) : null;
    }
  }
  throw new Error(`document ${id} kept changing while it was converted for live editing`);
}

const applied = (into: Y.Doc, state: Uint8Array) => {
  withoutUpdateEvents(into, () => Y.applyUpdate(into, state));
  return state;
};

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
  /** Base64 Yjs state vector of what was stored: which changes it holds. */
  stateVector: string;
  /** Bytes of the stored JSON content (what the document limit counts). */
  jsonBytes: number;
}

export interface StoreOptions {
  /** Rows of the update log (update-log.ts) the live state holds: deleted with this store. */
  heldRows: number[];
  /**
   * Merge the stored state into the live one first. Several instances each keep a live copy;
   * one may store while a change another stored has not reached it yet, and without this its
   * store would write a state without that change over the one with it.
   */
  mergeStored: boolean;
}

/**
 * The JSON, title and state of `doc`, taken in one synchronous step: the JSON stored beside a
 * state must be exactly that state's, or a REST writer who read the JSON would be diffed
 * against a state holding more (and the difference would become deletions).
 */
const derive = (doc: Y.Doc) => ({
  checked: checkContent(contentOf(doc) as unknown as Record<string, unknown>),
  title: [...(titleOf(doc).trim() || DEFAULT_DOCUMENT_TITLE)].slice(0, TITLE_MAX_LENGTH).join(""),
  stateVector: Buffer.from(Y.encodeStateVector(doc)).toString("base64"),
  state: toBytes(Y.encodeStateAsUpdate(doc)),
});

/**
 * The document's row, locked for a store: stores of one document take turns. FOR NO KEY
 * UPDATE, not FOR UPDATE: a live change's row in the update log checks its foreign key to
 * the document (a KEY SHARE lock on PostgreSQL), and under FOR UPDATE that write, which
 * the editor's acknowledgement waits for, waited until the store had committed.
 */
export async function lockForStore(tx: Pick<AppContext["db"], "select">, id: string): Promise<{ version: number; title: string } | undefined> {
  const [current] = await tx.select({ version: documents.version, title: documents.title }).from(documents).where(eq(documents.id, id)).for("no key update");
  return current;
}

/**
 * Stores the live state and the JSON, plain text and version derived from it, in one
 * transaction, and deletes the update-log rows the state holds. The version moves only when
 * the readable content changed, so a REST client that saved through PATCH keeps a valid
 * version while editors merely reconnect. Returns null when the document no longer exists.
 */
export async function storeState(ctx: AppContext, id: string, doc: Y.Doc, opts: StoreOptions): Promise<StoredDocument | null> {
  // Derived before the transaction: on the embedded database a transaction holds up every other query.
  let derived = derive(doc);
  const now = ctx.now();
  const cache = contentCache(ctx);
  return ctx.db.transaction(async (tx) => {
    const current = await lockForStore(tx, id);
    if (!current) return null;
    if (opts.mergeStored) {
      const before = Y.encodeStateVector(doc);
      const [stored] = await tx.select({ state: documentStates.state }).from(documentStates).where(eq(documentStates.documentId, id));
      if (stored) Y.applyUpdate(doc, new Uint8Array(stored.state), STORED_STATE_ORIGIN);
      if (!Buffer.from(before).equals(Buffer.from(Y.encodeStateVector(doc)))) derived = derive(doc);
    }
    const { checked, title, stateVector, state } = derived;
    await tx
      .insert(documentStates)
      .values({ documentId: id, state, updatedAt: now })
      .onConflictDoUpdate({ target: documentStates.documentId, set: { state, updatedAt: now } });
    await deleteHeldRows(tx, id, opts.heldRows);
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
    return {
      record: presentDocument({ ...row, content: checked.doc, textContent: checked.text }),
      contentChanged,
      stateVector,
      jsonBytes: Buffer.byteLength(checked.json),
    };
  });
}

/** The origin of changes a store merged in from the stored state (another instance's). */
export const STORED_STATE_ORIGIN = "stored-state";

/**
 * The stored state of document `id` as it was at `version`, read in one transaction with the
 * version (a store writes both together): what a REST writer who read that version had. "changed"
 * when the document has moved on, null when it is gone or has no live state.
 */
export async function stateAtVersion(ctx: AppContext, id: string, version: number): Promise<Uint8Array | "changed" | null> {
  return ctx.db.transaction(async (tx) => {
    const [row] = await tx.select({ version: documents.version }).from(documents).where(eq(documents.id, id)).for("share");
    if (!row) return null;
    if (row.version !== version) return "changed";
    const [stored] = await tx.select({ state: documentStates.state }).from(documentStates).where(eq(documentStates.documentId, id));
    return stored ? new Uint8Array(stored.state) : null;
  });
}

/** The stored version and time of document `id` (what a "stored" notice reports). */
export async function storedVersion(ctx: AppContext, id: string): Promise<{ version: number; updatedAt: string } | null> {
  const [row] = await ctx.db.select({ version: documents.version, updatedAt: documents.updatedAt }).from(documents).where(eq(documents.id, id));
  return row ? { version: row.version, updatedAt: row.updatedAt.toISOString() } : null;
}

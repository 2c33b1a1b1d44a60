// Group commit in the update log: changes that arrive while a write is under way share the
// next row, and a change to a busy document waits BUSY_WAIT_MS for others to share its row,
// while a change to a document nobody else is changing is written at once.
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { documentUpdates } from "../db/index.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request, usingPostgres } from "../test/harness.js";
import { lockForStore } from "./state-store.js";
import { BUSY_WAIT_MS, createUpdateLog } from "./update-log.js";

/** A small Yjs update of its own client, as an editor's keystroke is. */
function keystroke(text: string): Uint8Array {
  const doc = new Y.Doc();
  doc.getText("t").insert(0, text);
  return Y.encodeStateAsUpdate(doc);
}

describe("the update log's group commit", () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestUser(t, { plan: "professional" });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const create = async () => ((await request(t, "POST", "/api/documents", { user: alice, payload: {} })).json() as DocumentRecord).id;
  const rowsOf = async (id: string) =>
    (await t.ctx.db.select({ update: documentUpdates.update }).from(documentUpdates).where(eq(documentUpdates.documentId, id)).orderBy(documentUpdates.id)).map(
      (row) => new Uint8Array(row.update),
    );
  const textOf = (rows: Uint8Array[]) => {
    const doc = new Y.Doc();
    for (const row of rows) Y.applyUpdate(doc, row);
    return [...doc.getText("t").toString()].sort().join("");
  };

  it("writes a lone change at once and makes a busy document's changes share a row", async () => {
    const id = await create();
    // The clock stands still unless moved: every change after the first is "busy".
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    const log = createUpdateLog(t.ctx, "test");
    await log.append(id, keystroke("a"));
    expect(await rowsOf(id)).toHaveLength(1);

    let written = 0;
    const busy = [log.append(id, keystroke("b")), log.append(id, keystroke("c")), log.append(id, keystroke("d"))].map((p) => p.then(() => written++));
    // Nothing is written, or acknowledged, before the wait is over.
    expect(await rowsOf(id)).toHaveLength(1);
    expect(written).toBe(0);
    await vi.advanceTimersByTimeAsync(BUSY_WAIT_MS);
    await Promise.all(busy);
    const rows = await rowsOf(id);
    expect(rows).toHaveLength(2);
    expect(textOf(rows)).toBe("abcd");

    // A change long after the last one does not wait: no timer is moved before it is durable.
    vi.advanceTimersByTime(BUSY_WAIT_MS * 10);
    await log.append(id, keystroke("e"));
    expect(textOf(await rowsOf(id))).toBe("abcde");
    expect(await rowsOf(id)).toHaveLength(3);
  });

  it("acknowledges nothing whose row failed, and the next change writes again", async () => {
    const id = await create();
    const log = createUpdateLog(t.ctx, "test");
    // A document id the log's column refuses: the write fails, and every change in it with it.
    await expect(log.append("not-a-uuid", keystroke("x"))).rejects.toThrow();
    await log.append(id, keystroke("y"));
    expect(textOf(await rowsOf(id))).toBe("y");
  });
  // The embedded database runs one statement at a time, so there a write waits for any
  // transaction; on PostgreSQL the log's foreign key check waited for a store's FOR UPDATE.
  it.runIf(usingPostgres())("writes a live change while a store of the document holds its row", async () => {
    const log = createUpdateLog(t.ctx, "test");
    const id = await create();
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let locked!: () => void;
    const lockTaken = new Promise<void>((resolve) => {
      locked = resolve;
    });
    const store = t.ctx.db.transaction(async (tx) => {
      await lockForStore(tx, id);
      locked();
      await held;
    });
    await lockTaken;
    // Under FOR UPDATE this waited for the store, which waits for it: the test timed out.
    await log.append(id, keystroke("a"));
    release();
    await store;
    expect(textOf(await rowsOf(id))).toBe("a");
  });
});

// A document becomes co-edited when its first live session converts its JSON to a Yjs
// state. An autosave can land at any moment around that conversion; whichever side goes
// first, the saved text must be in the live state and in the stored JSON afterwards.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { docToPlainText } from "../../shared/editor/text.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";
import { loadState } from "./state-store.js";
import { contentOf, docFromState } from "./ydoc.js";

const para = (text: string) => ({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] });
const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe("converting a document for live editing while it is saved", () => {
  let t: TestApp;
  let alice: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    alice = await createTestUser(t, { plan: "professional" });
  });
  afterAll(() => t.close());

  // Each offset lets the save go a few event-loop turns later, so across them it lands
  // before the conversion reads the document, between that read and the conversion's
  // commit (the conversion starts over) and after it (the save goes through the live
  // document); which offset hits which depends on the database's round trips.
  it.each(Array.from({ length: 25 }, (_, i) => i))("a save %i turns after the conversion starts is kept", async (turns) => {
    const created = (await request(t, "POST", "/api/documents", { user: alice, payload: { content: para("before") } })).json() as DocumentRecord;
    const save = async () => {
      for (let i = 0; i < turns; i++) await turn();
      return request(t, "PATCH", `/api/documents/${created.id}`, { user: alice, payload: { content: para("saved"), version: created.version } });
    };
    const [state, saved] = await Promise.all([loadState(t.ctx, created.id, new Y.Doc()), save()]);
    expect(state).not.toBeNull();
    expect(saved.statusCode).toBe(200);
    const live = contentOf(docFromState((await loadState(t.ctx, created.id, new Y.Doc()))!));
    expect(docToPlainText(live)).toBe("saved");
    const read = (await request(t, "GET", `/api/documents/${created.id}`, { user: alice })).json() as DocumentRecord;
    expect(docToPlainText(read.content as never)).toBe("saved");
  });

  it("two loads at once convert once: the second gets the first one's state, not a second history", async () => {
    const created = (await request(t, "POST", "/api/documents", { user: alice, payload: { title: "Twice", content: para("only once") } })).json() as DocumentRecord;
    const [a, b] = [new Y.Doc(), new Y.Doc()];
    const [first, second] = await Promise.all([loadState(t.ctx, created.id, a), loadState(t.ctx, created.id, b)]);
    expect(first).toEqual(second);
    expect(Y.encodeStateAsUpdate(a)).toEqual(Y.encodeStateAsUpdate(b));
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b));
    expect(docToPlainText(contentOf(a))).toBe("only once");
    expect(a.getText("title").toString()).toBe("Twice");
  });
});

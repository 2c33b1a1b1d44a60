// A document's word-count goal through the API: set and cleared by the owner or an editor
// member, refused for a viewer and another user (404), checked (a whole number from 1 to
// 1,000,000, or null), and read back with the document and in the dashboard's list without
// moving the document's version.
import { describe, expect, it } from "vitest";
import type { DocumentRecord, DocumentSummary } from "../../shared/contracts/documents.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { type TestApp, type TestUser, createTestUser, request } from "../test/harness.js";
import { paragraphDoc, withAppAndOwner } from "./documents.test-util.js";

describe("word-count goal", () => {
  let t: TestApp;
  let owner: TestUser;
  withAppAndOwner({ owner: { plan: "professional" } }, (s) => ({ t, owner } = s));

  const setGoal = (user: TestUser, id: string, word_goal: unknown) => request(t, "PATCH", `/api/documents/${id}/goal`, { user, payload: { word_goal } });

  it("is set, read back with the document and the list, and cleared, without moving the version", async () => {
    const doc = (await request(t, "POST", "/api/documents", { user: owner, payload: { title: "Essay", content: paragraphDoc("Three words here") } })).json() as DocumentRecord;
    expect(doc.word_goal).toBeNull();
    const set = await setGoal(owner, doc.id, 1500);
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ word_goal: 1500 });
    const read = (await request(t, "GET", `/api/documents/${doc.id}`, { user: owner })).json() as DocumentRecord;
    expect(read).toMatchObject({ word_goal: 1500, version: doc.version });
    const [listed] = ((await request(t, "GET", "/api/documents", { user: owner })).json() as DocumentSummary[]).filter((d) => d.id === doc.id);
    expect(listed).toMatchObject({ word_goal: 1500, word_count: 3 });
    // A save based on the version read before the goal was set is not stale.
    const saved = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: owner, payload: { title: "Essay, draft 2", version: doc.version } });
    expect(saved.statusCode).toBe(200);
    expect((await setGoal(owner, doc.id, null)).json()).toEqual({ word_goal: null });
    expect(((await request(t, "GET", `/api/documents/${doc.id}`, { user: owner })).json() as DocumentRecord).word_goal).toBeNull();
  });

  it("refuses what is not a goal with a 400 that says why", async () => {
    const doc = (await request(t, "POST", "/api/documents", { user: owner, payload: { title: "Checked" } })).json() as DocumentRecord;
    for (const bad of [0, -5, 2.5, 1_000_001, "500", true]) {
      const res = await setGoal(owner, doc.id, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(JSON.stringify(res.json())).toMatch(/word_goal|goal|word/i);
    }
    expect((await request(t, "PATCH", `/api/documents/${doc.id}/goal`, { user: owner, payload: {} })).statusCode).toBe(400);
  });

  it("an editor member sets it; a viewer and another user get 404", async () => {
    const doc = (await request(t, "POST", "/api/documents", { user: owner, payload: { title: "Shared" } })).json() as DocumentRecord;
    const editor = await createTestUser(t);
    const viewer = await createTestUser(t);
    const stranger = await createTestUser(t);
    await inviteAndAccept(t, owner, doc.id, editor, "editor");
    await inviteAndAccept(t, owner, doc.id, viewer, "viewer");
    expect((await setGoal(editor, doc.id, 800)).statusCode).toBe(200);
    expect((await setGoal(viewer, doc.id, 1)).statusCode).toBe(404);
    expect((await setGoal(stranger, doc.id, 1)).statusCode).toBe(404);
    expect((await setGoal(owner, "not-an-id", 1)).statusCode).toBe(404);
    expect(((await request(t, "GET", `/api/documents/${doc.id}`, { user: viewer })).json() as DocumentRecord).word_goal).toBe(800);
  });
});

import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  SHARE_UNLOCK_MAX_FAILURES_PER_IP,
  SHARE_UNLOCK_MAX_FAILURES_PER_IP_LINK,
  SHARE_UNLOCK_MAX_FAILURES_PER_LINK,
} from "../../shared/contracts/sharing.js";
import { shareUnlockFailures } from "../db/schema.js";
import type { RealtimeEvent } from "../realtime/providers/index.js";
import { shareRealtimePrincipal } from "./realtime-grant.js";
import { createDocument, paragraphDoc } from "../documents/documents.test-util.js";
import { createTestApp, createTestUser, freshToken, request, type TestApp, type TestUser, withToken } from "../test/harness.js";

const DAY = 86_400_000;
const utcDay = (d: Date) => d.toISOString().slice(0, 10);
const content = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 1 }, content: [{ type: "text", text: "Plan" }] },
    { type: "paragraph", content: [{ type: "text", text: "Hello", marks: [{ type: "bold" }] }] },
  ],
};

describe("sharing", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let start: Date;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { email: "owner@example.com", plan: "professional" });
    other = await createTestUser(t);
    start = t.clock.now;
  });
  afterAll(async () => t.close());
  // Tests move the clock; put it back so the owner's access token stays valid.
  afterEach(() => {
    t.clock.now = start;
  });

  const newDoc = (title = "Shared plan") => createDocument(t, owner, { title, content });
  const share = (id: string, payload: Record<string, unknown>, as: Pick<TestUser, "headers"> = owner) =>
    request(t, "PUT", `/api/documents/${id}/share`, { user: as, payload });
  const visit = (id: string, token?: string) => request(t, "GET", `/api/shared/${id}`, { headers: token ? { "x-share-token": token } : {} });
  const unlock = (id: string, password: string, remoteAddress = "10.0.0.1") =>
    t.app.inject({ method: "POST", url: `/api/shared/${id}/unlock`, payload: { password }, remoteAddress });
  const edit = (id: string, payload: Record<string, unknown>, token?: string) =>
    request(t, "PATCH", `/api/shared/${id}`, { payload, headers: token ? { "x-share-token": token } : {} });

  it("lets only the owner read and change the share settings", async () => {
    const doc = await newDoc();
    const initial = await request(t, "GET", `/api/documents/${doc.id}/share`, { user: owner });
    expect(initial.json()).toEqual({ isPublic: false, allowEditing: false, showComments: false, expiresAt: null, hasPassword: false });

    const res = await share(doc.id, { isPublic: true, allowEditing: true, expiresAt: utcDay(t.clock.now), password: "s3cret" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ isPublic: true, allowEditing: true, showComments: false, expiresAt: utcDay(t.clock.now), hasPassword: true });
    // Reopening the dialog shows the same settings; omitted fields are kept.
    expect((await share(doc.id, { allowEditing: false })).json()).toEqual({
      isPublic: true,
      allowEditing: false,
      showComments: false,
      expiresAt: utcDay(t.clock.now),
      hasPassword: true,
    });

    expect((await share(doc.id, { isPublic: false }, other)).statusCode).toBe(404);
    const peek = await request(t, "GET", `/api/documents/${doc.id}/share`, { user: other });
    expect(peek.statusCode).toBe(404);
    expect((await request(t, "GET", `/api/documents/${doc.id}/share`)).statusCode).toBe(401);
    expect((await share("not-a-uuid", { isPublic: true })).statusCode).toBe(404);
  });

  it("refuses an expiry before today and bad input with 400", async () => {
    const doc = await newDoc();
    const yesterday = utcDay(new Date(t.clock.now.getTime() - DAY));
    const res = await share(doc.id, { isPublic: true, expiresAt: yesterday });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_failed");
    expect((await share(doc.id, { expiresAt: "2030-02-30" })).statusCode).toBe(400);
    expect((await share(doc.id, { isPublic: "yes" })).statusCode).toBe(400);
    expect((await share(doc.id, { password: "" })).statusCode).toBe(400);
    expect((await share(doc.id, { owner: "me" })).statusCode).toBe(400);
  });

  it("serves a public document without sign-in, with only the public fields and noindex", async () => {
    const doc = await newDoc("Public notes");
    await share(doc.id, { isPublic: true });
    const res = await visit(doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers["x-robots-tag"]).toContain("noindex");
    const body = res.json();
    expect(Object.keys(body).sort()).toEqual(["allow_editing", "content", "id", "show_comments", "title", "updated_at", "version"]);
    expect(body).toMatchObject({ id: doc.id, title: "Public notes", content, allow_editing: false, version: 1 });
    expect(res.body).not.toContain(owner.id);
    expect(res.body).not.toContain(owner.email);
  });

  it("shows a read-only link's visitor the text without pending suggestions or their authors' names", async () => {
    const by = { id: "s1", group: "s1", author: other.id, authorName: "Cora Commenter", createdAt: "2026-11-27T03:00:00Z" };
    const suggested = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Rivers " },
            { type: "text", text: "slowly ", marks: [{ type: "suggestionInsert", attrs: by }] },
            { type: "text", text: "run", marks: [{ type: "suggestionDelete", attrs: { ...by, id: "s2", group: "s2" } }] },
          ],
        },
        { type: "paragraph", attrs: { suggestedBreak: { ...by, id: "s3", group: "s3" } }, content: [{ type: "text", text: " north." }] },
      ],
    };
    const doc = await createDocument(t, owner, { title: "Reviewed", content: suggested });
    await share(doc.id, { isPublic: true });
    const res = await visit(doc.id);
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain("Cora Commenter");
    expect(res.json().content.content).toHaveLength(1);
    expect(res.json().content.content[0].content).toEqual([{ type: "text", text: "Rivers run north." }]);
    // A link that allows editing joins the live document, suggestions and all.
    await share(doc.id, { isPublic: true, allowEditing: true });
    expect((await visit(doc.id)).body).toContain("Cora Commenter");
  });

  it("answers the same 404 for private, unknown, malformed and deleted documents", async () => {
    const priv = await newDoc();
    const gone = await newDoc();
    await share(gone.id, { isPublic: true });
    await request(t, "DELETE", `/api/documents/${gone.id}`, { user: owner });
    const answers = await Promise.all(
      [priv.id, gone.id, "00000000-0000-4000-8000-000000000000", "nope"].map((id) => visit(id)),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: "not_found", message: "Document not found" });
    }
    // The owner made it private again: the link stops at once.
    const doc = await newDoc();
    await share(doc.id, { isPublic: true });
    expect((await visit(doc.id)).statusCode).toBe(200);
    await share(doc.id, { isPublic: false });
    expect((await visit(doc.id)).statusCode).toBe(404);
  });

  it("ends a date-only expiry at the end of that day in UTC", async () => {
    const doc = await newDoc();
    const today = utcDay(t.clock.now);
    await share(doc.id, { isPublic: true, expiresAt: today });
    expect((await visit(doc.id)).statusCode).toBe(200);
    const midnight = Date.parse(`${today}T00:00:00Z`) + DAY;
    t.clock.advance(midnight - t.clock.now.getTime() - 1000);
    expect((await visit(doc.id)).statusCode).toBe(200);
    t.clock.advance(1000);
    expect((await visit(doc.id)).statusCode).toBe(404);
    expect((await edit(doc.id, { content, version: 1 })).statusCode).toBe(404);
    // The owner can still change an expired link's other settings, and re-open it with a new date.
    const later = await freshToken(t, owner);
    expect((await share(doc.id, { isPublic: false }, later)).json()).toMatchObject({ isPublic: false, expiresAt: today });
    const next = utcDay(t.clock.now);
    expect((await share(doc.id, { isPublic: true, expiresAt: next }, later)).statusCode).toBe(200);
    expect((await visit(doc.id)).statusCode).toBe(200);
  });

  describe("password protection", () => {
    it("requires the password, never returns it, and rate-limits wrong guesses per IP", async () => {
      const doc = await newDoc();
      const put = await share(doc.id, { isPublic: true, password: "correct horse" });
      expect(put.body).not.toContain("correct horse");
      expect(put.body).not.toContain("argon2");
      const ownerView = await request(t, "GET", `/api/documents/${doc.id}`, { user: owner });
      expect(ownerView.body).not.toContain("argon2");
      expect(ownerView.json().has_password).toBe(true);

      const locked = await visit(doc.id);
      expect(locked.statusCode).toBe(401);
      expect(locked.json().error).toBe("password_required");
      expect(locked.body).not.toContain("Shared plan");

      const ip = "10.1.1.1";
      for (let i = 0; i < 5; i++) {
        const res = await unlock(doc.id, "wrong", ip);
        expect(res.statusCode).toBe(401);
        expect(res.json().error).toBe("invalid_password");
      }
      const blocked = await unlock(doc.id, "correct horse", ip);
      expect(blocked.statusCode).toBe(429);
      expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
      expect(Number(blocked.headers["retry-after"])).toBeLessThanOrEqual(15 * 60);
      // Another visitor is not locked out by one guesser.
      expect((await unlock(doc.id, "correct horse", "10.1.1.2")).statusCode).toBe(200);

      t.clock.advance(15 * 60 * 1000 + 1000);
      const ok = await unlock(doc.id, "correct horse", ip);
      expect(ok.statusCode).toBe(200);
      const { token } = ok.json();
      const read = await visit(doc.id, token);
      expect(read.statusCode).toBe(200);
      expect(read.json().title).toBe("Shared plan");
      for (const res of [put, ownerView, locked, ok, read]) expect(res.body).not.toContain("correct horse");
    });

    it("twenty wrong guesses do not lock out a visitor who has the password; a far higher ceiling per link does", async () => {
      const doc = await newDoc();
      await share(doc.id, { isPublic: true, password: "pw-link" });
      // Twenty guesses from one address (it is stopped after five) and twenty from twenty addresses.
      for (let i = 0; i < 20; i++) await unlock(doc.id, "nope", "10.2.0.200");
      for (let i = 0; i < 20; i++) expect((await unlock(doc.id, "nope", `10.2.0.${i}`)).statusCode).toBe(401);
      expect((await unlock(doc.id, "pw-link", "10.2.0.200")).statusCode).toBe(429);
      expect((await unlock(doc.id, "pw-link", "10.2.1.1")).statusCode).toBe(200);

      // The per-link ceiling: SHARE_UNLOCK_MAX_FAILURES_PER_LINK failures from many addresses
      // (written directly: each address stays under its own limit) lock the link for everyone.
      const now = t.ctx.now();
      const rows = Array.from({ length: SHARE_UNLOCK_MAX_FAILURES_PER_LINK }, (_, i) => ({
        documentId: doc.id,
        ip: `10.7.${Math.floor(i / 5)}.${i % 5}`,
        failedAt: now,
      }));
      await t.ctx.db.insert(shareUnlockFailures).values(rows);
      const ceiling = await unlock(doc.id, "pw-link", "10.2.1.2");
      expect(ceiling.statusCode).toBe(429);
      expect(Number(ceiling.headers["retry-after"])).toBeGreaterThan(0);
    });

    it("one address guessing across links is stopped after SHARE_UNLOCK_MAX_FAILURES_PER_IP failures in all", async () => {
      const ip = "10.8.0.1";
      const perLink = SHARE_UNLOCK_MAX_FAILURES_PER_IP_LINK;
      const links = SHARE_UNLOCK_MAX_FAILURES_PER_IP / perLink;
      for (let l = 0; l < links; l++) {
        const doc = await newDoc();
        await share(doc.id, { isPublic: true, password: "pw-spray" });
        for (let i = 0; i < perLink; i++) expect((await unlock(doc.id, "nope", ip)).statusCode).toBe(401);
      }
      const next = await newDoc();
      await share(next.id, { isPublic: true, password: "pw-spray" });
      expect((await unlock(next.id, "nope", ip)).statusCode).toBe(429);
      expect((await unlock(next.id, "pw-spray", "10.8.0.2")).statusCode).toBe(200);
    });

    it("kills issued tokens when the owner makes the document private or changes the password", async () => {
      const doc = await newDoc();
      await share(doc.id, { isPublic: true, password: "first" });
      const first = (await unlock(doc.id, "first", "10.3.0.1")).json().token;
      expect((await visit(doc.id, first)).statusCode).toBe(200);

      await share(doc.id, { isPublic: false });
      await share(doc.id, { isPublic: true });
      expect((await visit(doc.id, first)).statusCode).toBe(401);

      const second = (await unlock(doc.id, "first", "10.3.0.1")).json().token;
      expect((await visit(doc.id, second)).statusCode).toBe(200);
      await share(doc.id, { password: "changed" });
      expect((await visit(doc.id, second)).statusCode).toBe(401);
      expect((await unlock(doc.id, "first", "10.3.0.2")).statusCode).toBe(401);

      const third = (await unlock(doc.id, "changed", "10.3.0.3")).json().token;
      expect((await visit(doc.id, third)).statusCode).toBe(200);
      t.clock.advance(3600 * 1000 + 1000);
      expect((await visit(doc.id, third)).statusCode).toBe(401);
    });

    it("scopes a token to its document and never grants owner rights", async () => {
      const a = await newDoc("A");
      const b = await newDoc("B");
      await share(a.id, { isPublic: true, allowEditing: true, password: "pw-a" });
      await share(b.id, { isPublic: true, allowEditing: true, password: "pw-b" });
      const token = (await unlock(a.id, "pw-a", "10.4.0.1")).json().token;

      expect((await visit(b.id, token)).statusCode).toBe(401);
      expect((await edit(b.id, { content, version: 1 }, token)).statusCode).toBe(401);
      const asHeader = { "x-share-token": token };
      const asBearer = withToken(token).headers;
      for (const headers of [asHeader, asBearer]) {
        const attempts = [
          request(t, "GET", "/api/documents", { headers }),
          request(t, "GET", `/api/documents/${a.id}`, { headers }),
          request(t, "PATCH", `/api/documents/${a.id}`, { headers, payload: { title: "x", version: 1 } }),
          request(t, "DELETE", `/api/documents/${a.id}`, { headers }),
          request(t, "GET", `/api/documents/${a.id}/share`, { headers }),
          request(t, "PUT", `/api/documents/${a.id}/share`, { headers, payload: { isPublic: false } }),
        ];
        for (const res of await Promise.all(attempts)) expect(res.statusCode).toBe(401);
      }
      expect((await visit(a.id, token)).statusCode).toBe(200);
      // A tampered token is refused.
      const [body, sig] = token.split(".");
      const forged = `${Buffer.from(JSON.stringify({ d: b.id, g: 0, x: 9_999_999_999 })).toString("base64url")}.${sig}`;
      expect((await visit(b.id, forged)).statusCode).toBe(401);
      expect((await visit(a.id, `${body}.${sig}x`)).statusCode).toBe(401);
    });
  });

  describe("editing through a link", () => {
    it("refuses edits when the link does not allow editing (403) or the document is not shared (404)", async () => {
      const doc = await newDoc();
      expect((await edit(doc.id, { content, version: 1 })).statusCode).toBe(404);
      await share(doc.id, { isPublic: true });
      const res = await edit(doc.id, { title: "Hijacked", content, version: 1 });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toBe("forbidden");
      const ownerView = await request(t, "GET", `/api/documents/${doc.id}`, { user: owner });
      expect(ownerView.json().title).toBe("Shared plan");
    });

    it("saves a visitor's edit through the versioned path and tells the owner live", async () => {
      const doc = await newDoc();
      await share(doc.id, { isPublic: true, allowEditing: true });
      const events: RealtimeEvent[] = [];
      const off = t.ctx.realtime.subscribe(`document:${doc.id}`, (e) => events.push(e));
      const next = paragraphDoc("Visitor was here");
      const res = await edit(doc.id, { content: JSON.stringify(next), version: 1 });
      off();
      expect(res.statusCode).toBe(200);
      expect(Object.keys(res.json()).sort()).toEqual(["allow_editing", "content", "id", "title", "updated_at", "version"]);
      expect(res.json()).toMatchObject({ version: 2, content: next });
      expect(events).toHaveLength(1);
      expect(events[0]!.record).toMatchObject({ id: doc.id, version: 2, user_id: null, content: next });

      const ownerView = await request(t, "GET", `/api/documents/${doc.id}`, { user: owner });
      expect(ownerView.json()).toMatchObject({ version: 2, content: next });

      // A stale version gets 409 with the current document, public fields only.
      const stale = await edit(doc.id, { content, version: 1 });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().error).toBe("conflict");
      expect(stale.json().current).toMatchObject({ version: 2, content: next });
      expect(stale.json().current.user_id).toBeUndefined();
      expect(stale.body).not.toContain(owner.id);

      // Bad content is a 400, never a 500; a visitor cannot plant a script link.
      expect((await edit(doc.id, { content: { type: "nope" }, version: 2 })).statusCode).toBe(400);
      const scriptLink = {
        type: "doc",
        content: [
          {
            type: "paragraph",
            content: [{ type: "text", text: "click", marks: [{ type: "link", attrs: { href: "javascript:alert(1)" } }] }],
          },
        ],
      };
      expect((await edit(doc.id, { content: scriptLink, version: 2 })).statusCode).toBe(400);
    });

    it("needs the token to edit a protected link and stops when editing is turned off", async () => {
      const doc = await newDoc();
      await share(doc.id, { isPublic: true, allowEditing: true, password: "pw-edit" });
      expect((await edit(doc.id, { content, version: 1 })).statusCode).toBe(401);
      const token = (await unlock(doc.id, "pw-edit", "10.5.0.1")).json().token;
      const ok = await edit(doc.id, { title: "Visitor title", content, version: 1 }, token);
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ title: "Visitor title", version: 2 });
      await share(doc.id, { allowEditing: false });
      expect((await edit(doc.id, { content, version: 2 }, token)).statusCode).toBe(403);
    });
  });

  describe("live updates for visitors", () => {
    it("grants the realtime channel only to a current token for that document", async () => {
      const doc = await newDoc();
      const otherDoc = await newDoc();
      await share(doc.id, { isPublic: true });
      await share(otherDoc.id, { isPublic: true });
      const open = await visit(doc.id);
      const token = open.headers["x-share-token"] as string;
      expect(token).toBeTruthy();
      expect(await shareRealtimePrincipal(t.ctx, doc.id, token)).toMatchObject({ kind: "share", documentId: doc.id, canEdit: false });
      expect(await shareRealtimePrincipal(t.ctx, otherDoc.id, token)).toBeNull();
      expect(await shareRealtimePrincipal(t.ctx, doc.id, "garbage")).toBeNull();
      await share(doc.id, { isPublic: false });
      await share(doc.id, { isPublic: true });
      expect(await shareRealtimePrincipal(t.ctx, doc.id, token)).toBeNull();

      await share(doc.id, { password: "live-pw" });
      const locked = await visit(doc.id);
      expect(locked.statusCode).toBe(401);
      expect(locked.headers["x-share-token"]).toBeUndefined();
      const unlocked = (await unlock(doc.id, "live-pw", "10.6.0.1")).json().token;
      expect(await shareRealtimePrincipal(t.ctx, doc.id, unlocked)).toMatchObject({ kind: "share" });
    });
  });
});

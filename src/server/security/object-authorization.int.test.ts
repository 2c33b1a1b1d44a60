// Object-level authorization, table-driven: every route that takes an id is called as
// another signed-in user and as nobody, and must answer 401/404 with nothing changed in
// the database. A route with an id and no row here fails the suite, so a new route
// cannot ship without its check.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { recordInvoice } from "../billing/invoices.js";
import { aiSuggestions, checkoutSessions, commentThreads, comments, documentImages, documentMembers, documentPins, documentVersions, documents, images, invoices, mailOutbox, notificationMail, notifications, preferences, subscriptions } from "../db/schema.js";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { paragraphDoc } from "../documents/documents.test-util.js";
import { uploadOk } from "../images/images.test-util.js";

interface Ids {
  documentId: string;
  suggestionId: string;
  checkoutId: string;
  invoiceId: string;
  memberId: string;
  versionId: string;
  imageId: string;
  threadId: string;
  commentId: string;
  notificationId: string;
}

interface Row {
  path: (ids: Ids) => string;
  body?: (ids: Ids) => unknown;
  /** Allowed statuses for another signed-in user and for an anonymous caller. */
  other: number[];
  anonymous: number[];
}

const doc = paragraphDoc("changed");

const ROUTES_WITH_IDS: Record<string, Row> = {
  "GET /api/documents/:id": { path: (i) => `/api/documents/${i.documentId}`, other: [404], anonymous: [401] },
  "PATCH /api/documents/:id": {
    path: (i) => `/api/documents/${i.documentId}`,
    body: () => ({ title: "Hijacked", content: doc, version: 1 }),
    other: [404],
    anonymous: [401],
  },
  "DELETE /api/documents/:id": { path: (i) => `/api/documents/${i.documentId}`, other: [404], anonymous: [401] },
  "GET /api/documents/:id/share": { path: (i) => `/api/documents/${i.documentId}/share`, other: [404], anonymous: [401] },
  "PUT /api/documents/:id/share": {
    path: (i) => `/api/documents/${i.documentId}/share`,
    body: () => ({ isPublic: true, allowEditing: true, expiresAt: null, password: null }),
    other: [404],
    anonymous: [401],
  },
  // A closing editor's live changes (an empty Yjs update: two zero bytes).
  "POST /api/documents/:id/updates": { path: (i) => `/api/documents/${i.documentId}/updates`, body: () => ({ update: "AAA=" }), other: [404], anonymous: [404] },
  "GET /api/documents/:id/export": { path: (i) => `/api/documents/${i.documentId}/export?format=md`, other: [404], anonymous: [401, 404] },
  "PUT /api/ai/suggestions/:id": { path: (i) => `/api/ai/suggestions/${i.suggestionId}`, body: () => ({ accepted: true }), other: [404], anonymous: [401] },
  // The document is private: the public routes answer exactly as for a missing one.
  "GET /api/shared/:id": { path: (i) => `/api/shared/${i.documentId}`, other: [404], anonymous: [404] },
  "PATCH /api/shared/:id": {
    path: (i) => `/api/shared/${i.documentId}`,
    body: () => ({ content: doc, version: 1 }),
    other: [404],
    anonymous: [404],
  },
  "POST /api/shared/:id/unlock": { path: (i) => `/api/shared/${i.documentId}/unlock`, body: () => ({ password: "guess" }), other: [404], anonymous: [404] },
  "GET /api/stripe/test-checkout/:id": { path: (i) => `/api/stripe/test-checkout/${i.checkoutId}`, other: [404], anonymous: [404] },
  "POST /api/stripe/test-checkout/:id/pay": {
    path: (i) => `/api/stripe/test-checkout/${i.checkoutId}/pay`,
    body: () => ({ email: "thief@example.com" }),
    other: [404],
    anonymous: [404],
  },
  "POST /api/stripe/test-checkout/:id/cancel": { path: (i) => `/api/stripe/test-checkout/${i.checkoutId}/cancel`, other: [404], anonymous: [404] },
  "GET /api/stripe/invoices/:id/receipt": { path: (i) => `/api/stripe/invoices/${i.invoiceId}/receipt`, other: [404], anonymous: [401] },
  "GET /api/documents/:id/versions": { path: (i) => `/api/documents/${i.documentId}/versions`, other: [404], anonymous: [401] },
  "POST /api/documents/:id/versions": { path: (i) => `/api/documents/${i.documentId}/versions`, body: () => ({ name: "Mine now" }), other: [404], anonymous: [401] },
  "GET /api/documents/:id/versions/:versionId": { path: (i) => `/api/documents/${i.documentId}/versions/${i.versionId}`, other: [404], anonymous: [401] },
  "PATCH /api/documents/:id/versions/:versionId": {
    path: (i) => `/api/documents/${i.documentId}/versions/${i.versionId}`,
    body: () => ({ name: "Renamed" }),
    other: [404],
    anonymous: [401],
  },
  "POST /api/documents/:id/versions/:versionId/restore": {
    path: (i) => `/api/documents/${i.documentId}/versions/${i.versionId}/restore`,
    other: [404],
    anonymous: [401],
  },
  "PATCH /api/documents/:id/goal": { path: (i) => `/api/documents/${i.documentId}/goal`, body: () => ({ word_goal: 500 }), other: [404], anonymous: [401] },
  "PUT /api/documents/:id/pin": { path: (i) => `/api/documents/${i.documentId}/pin`, other: [404], anonymous: [401] },
  "DELETE /api/documents/:id/pin": { path: (i) => `/api/documents/${i.documentId}/pin`, other: [404], anonymous: [401] },
  "POST /api/trash/:id/restore": { path: (i) => `/api/trash/${i.documentId}/restore`, other: [404], anonymous: [401] },
  "DELETE /api/trash/:id": { path: (i) => `/api/trash/${i.documentId}`, other: [404], anonymous: [401] },
  "GET /api/documents/:id/members": { path: (i) => `/api/documents/${i.documentId}/members`, other: [404], anonymous: [401] },
  "POST /api/documents/:id/members": {
    path: (i) => `/api/documents/${i.documentId}/members`,
    body: () => ({ email: "intruder@example.com", role: "editor" }),
    other: [404],
    anonymous: [401],
  },
  "PATCH /api/documents/:id/members/:memberId": {
    path: (i) => `/api/documents/${i.documentId}/members/${i.memberId}`,
    body: () => ({ role: "editor" }),
    other: [404],
    anonymous: [401],
  },
  "DELETE /api/documents/:id/members/:memberId": { path: (i) => `/api/documents/${i.documentId}/members/${i.memberId}`, other: [404], anonymous: [401] },
  "GET /api/documents/:id/comments": { path: (i) => `/api/documents/${i.documentId}/comments`, other: [404], anonymous: [401] },
  "POST /api/documents/:id/comments": {
    path: (i) => `/api/documents/${i.documentId}/comments`,
    body: () => ({ anchor_id: "intruder-anchor", body: "mine now" }),
    other: [404],
    anonymous: [401],
  },
  "PATCH /api/documents/:id/comments/:threadId": {
    path: (i) => `/api/documents/${i.documentId}/comments/${i.threadId}`,
    body: () => ({ resolved: true }),
    other: [404],
    anonymous: [401],
  },
  "POST /api/documents/:id/comments/:threadId/replies": {
    path: (i) => `/api/documents/${i.documentId}/comments/${i.threadId}/replies`,
    body: () => ({ body: "me too" }),
    other: [404],
    anonymous: [401],
  },
  "PATCH /api/documents/:id/comments/:threadId/replies/:commentId": {
    path: (i) => `/api/documents/${i.documentId}/comments/${i.threadId}/replies/${i.commentId}`,
    body: () => ({ body: "rewritten" }),
    other: [404],
    anonymous: [401],
  },
  "DELETE /api/documents/:id/comments/:threadId/replies/:commentId": {
    path: (i) => `/api/documents/${i.documentId}/comments/${i.threadId}/replies/${i.commentId}`,
    other: [404],
    anonymous: [401],
  },
  // The document is private (and does not show comments): as for a missing one.
  "GET /api/shared/:id/comments": { path: (i) => `/api/shared/${i.documentId}/comments`, other: [404], anonymous: [404] },
  "POST /api/invitations/:invitationId/accept": { path: (i) => `/api/invitations/${i.memberId}/accept`, other: [404], anonymous: [401] },
  "POST /api/documents/:id/images": { path: (i) => `/api/documents/${i.documentId}/images`, body: () => ({ data: "x" }), other: [404], anonymous: [401] },
  "GET /api/images/:imageId": { path: (i) => `/api/images/${i.imageId}`, other: [404], anonymous: [401] },
  "GET /api/shared/:id/images/:imageId": { path: (i) => `/api/shared/${i.documentId}/images/${i.imageId}`, other: [404], anonymous: [404] },
  "POST /api/shared/:id/images": { path: (i) => `/api/shared/${i.documentId}/images`, other: [404], anonymous: [404] },
  "GET /api/documents/:id/mentionable": { path: (i) => `/api/documents/${i.documentId}/mentionable`, other: [404], anonymous: [401] },
  "POST /api/notifications/:id/read": { path: (i) => `/api/notifications/${i.notificationId}/read`, other: [404], anonymous: [401] },
  "POST /api/notifications/threads/:id/read": { path: (i) => `/api/notifications/threads/${i.threadId}/read`, other: [404], anonymous: [401] },
  // The token is the grant: one that is not signed by the server is no one's.
  "GET /api/notifications/unsubscribe/:token": { path: (i) => `/api/notifications/unsubscribe/${i.notificationId}.0.forged`, other: [404], anonymous: [404] },
  "POST /api/notifications/unsubscribe/:token": { path: (i) => `/api/notifications/unsubscribe/${i.notificationId}.0.forged`, other: [404], anonymous: [404] },
  "POST /api/invitations/:invitationId/decline": { path: (i) => `/api/invitations/${i.memberId}/decline`, other: [404], anonymous: [401] },
};

describe("object-level authorization on every route with an id", () => {
  let t: TestApp;
  let owner: TestUser;
  let other: TestUser;
  let ids: Ids;

  async function snapshot() {
    const tables = [documents, aiSuggestions, checkoutSessions, subscriptions, preferences, invoices, documentMembers, mailOutbox, documentVersions, documentPins, images, documentImages, commentThreads, comments, notifications, notificationMail];
    const rows = await Promise.all(tables.map((tbl) => t.ctx.db.select().from(tbl)));
    return JSON.stringify(rows.map((r) => r.map((x) => JSON.stringify(x)).sort()));
  }

  beforeAll(async () => {
    t = await createTestApp();
    owner = await createTestUser(t, { plan: "professional" });
    other = await createTestUser(t, { plan: "professional" });
    const created = await request(t, "POST", "/api/documents", { user: owner, payload: { title: "Private", content: doc } });
    expect(created.statusCode).toBe(201);
    const documentId = created.json().id as string;
    const [suggestion] = await t.ctx.db
      .insert(aiSuggestions)
      .values({ userId: owner.id, documentId, originalText: "a", suggestedText: "b" })
      .returning();
    const checkout = await request(t, "POST", "/api/stripe/create-checkout-session", { user: owner, payload: { priceId: t.config.STRIPE_PRICE_CREATOR } });
    expect(checkout.statusCode).toBe(200);
    const checkoutId = new URL(checkout.json().url).pathname.split("/").pop()!;
    const at = new Date();
    await recordInvoice(t.ctx.db, { userId: owner.id, subscriptionId: null, plan: "professional", interval: "month", periodStart: at, periodEnd: at, at });
    const [invoice] = await t.ctx.db.select().from(invoices);
    const receipt = await request(t, "GET", `/api/stripe/invoices/${invoice!.id}/receipt`, { user: owner });
    expect(receipt.statusCode).toBe(200);
    const member = await request(t, "POST", `/api/documents/${documentId}/members`, { user: owner, payload: { email: "reader@example.com", role: "viewer" } });
    expect(member.statusCode).toBe(201);
    const version = await t.app.inject({ method: "POST", url: `/api/documents/${documentId}/versions`, headers: owner.headers, payload: { name: "First" } });
    expect(version.statusCode).toBe(201);
    const image = await uploadOk(t, owner, documentId);
    const thread = await request(t, "POST", `/api/documents/${documentId}/comments`, { user: owner, payload: { anchor_id: "owner-anchor", body: "Note to self" } });
    expect(thread.statusCode).toBe(201);
    // A notification of the owner's own (as if someone had replied in their thread).
    const [notification] = await t.ctx.db
      .insert(notifications)
      .values({ userId: owner.id, kind: "reply", documentId, threadId: thread.json().id, commentId: thread.json().comments[0].id, actorName: "Someone" })
      .returning();
    ids = {
      notificationId: notification!.id,
      documentId,
      suggestionId: suggestion!.id,
      checkoutId,
      invoiceId: invoice!.id,
      memberId: member.json().id,
      versionId: version.json().id,
      imageId: image.id,
      threadId: thread.json().id,
      commentId: thread.json().comments[0].id,
    };
  });
  afterAll(async () => t?.close());

  it("has a row for every route that takes an id (and no row for a route that is gone)", () => {
    const withIds = t.app.routeList.filter((r) => r.url.includes(":")).map((r) => `${r.method} ${r.url}`);
    expect(withIds.filter((k) => !(k in ROUTES_WITH_IDS))).toEqual([]);
    expect(Object.keys(ROUTES_WITH_IDS).filter((k) => !withIds.includes(k))).toEqual([]);
  });

  for (const [key, row] of Object.entries(ROUTES_WITH_IDS)) {
    const [method] = key.split(" ");
    it(`${key}: another user and nobody get ${row.other.join("/")} and ${row.anonymous.join("/")}, nothing changes`, async () => {
      const before = await snapshot();
      const payload = row.body?.(ids);
      const asOther = await request(t, method as "GET", row.path(ids), { user: other, payload });
      expect(row.other, `${key} as another user answered ${asOther.statusCode}: ${asOther.body}`).toContain(asOther.statusCode);
      expect(asOther.json()).toHaveProperty("error");
      const asNobody = await request(t, method as "GET", row.path(ids), { payload });
      expect(row.anonymous, `${key} anonymously answered ${asNobody.statusCode}: ${asNobody.body}`).toContain(asNobody.statusCode);
      expect(asNobody.json()).toHaveProperty("error");
      expect(await snapshot()).toBe(before);
    });
  }

  it("the owner can still read the document afterwards (the table tested refusals, not breakage)", async () => {
    const res = await request(t, "GET", `/api/documents/${ids.documentId}`, { user: owner });
    expect(res.statusCode).toBe(200);
  });
});

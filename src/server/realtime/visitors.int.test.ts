// Share-link visitors on /realtime: they get exactly the shared view's fields, one access
// check and one payload per change serve them all, and one address cannot open unbounded
// sockets on a document.
import type { AddressInfo } from "node:net";
import { describe, expect, it, vi } from "vitest";
import { REALTIME_CLOSE, documentChannel } from "../../shared/contracts/documents.js";
import { createDocument, paragraphDoc, withAppAndOwner } from "../documents/documents.test-util.js";
import type { TestApp, TestUser } from "../test/harness.js";
import { DEFAULT_CONNECTION_OPTIONS } from "./connection.js";
import { type TestSocket, authenticate, openRealtime, openRealtimeOverTcp } from "./ws-client.test-util.js";

// Counted, not changed: how often the realtime path reads a visitor's access and presents the shared view.
const counts = vi.hoisted(() => ({ shareReads: 0, presents: 0 }));
vi.mock("../sharing/realtime-grant.js", async (importOriginal) => {
  const m = await importOriginal<typeof import("../sharing/realtime-grant.js")>();
  const liveShareState: typeof m.liveShareState = (...a) => {
    counts.shareReads++;
    return m.liveShareState(...a);
  };
  return { ...m, liveShareState };
});
vi.mock("../documents/queries.js", async (importOriginal) => {
  const m = await importOriginal<typeof import("../documents/queries.js")>();
  return {
    ...m,
    readDocument: (...a: Parameters<typeof m.readDocument>) => {
      if (a[1].kind === "share") counts.shareReads++;
      return m.readDocument(...a);
    },
  };
});
vi.mock("../sharing/grant.js", async (importOriginal) => {
  const m = await importOriginal<typeof import("../sharing/grant.js")>();
  const presentShared: typeof m.presentShared = (...a) => {
    counts.presents++;
    return m.presentShared(...a);
  };
  return { ...m, presentShared };
});

const PER_DOCUMENT = DEFAULT_CONNECTION_OPTIONS.maxSocketsPerAddressPerDocument;

describe("/realtime share-link visitors", () => {
  let t: TestApp;
  let owner: TestUser;
  const sockets: TestSocket[] = [];
  withAppAndOwner({ owner: { plan: "professional" }, leftOpen: () => { for (const s of sockets) s.ws.terminate(); } }, (s) => ({ t, owner } = s));

  /** Over real TCP when `url` is given (the server sees the client's address and its close). */
  const visitor = async (id: string, token: string, url?: string) => {
    const s = url ? await openRealtimeOverTcp(url, sockets) : await openRealtime(t, sockets);
    await authenticate(s, null);
    s.send({ type: "subscribe", channel: documentChannel(id), share_token: token });
    return s;
  };
  const sharedDoc = async (payload: object = { isPublic: true, allowEditing: true, expiresAt: "2999-12-31" }) => {
    const doc = await createDocument(t, owner, { content: paragraphDoc("start") });
    await t.app.inject({ method: "PUT", url: `/api/documents/${doc.id}/share`, headers: owner.headers, payload });
    const token = (await t.app.inject({ method: "GET", url: `/api/shared/${doc.id}` })).headers["x-share-token"] as string;
    return { doc, token };
  };
  const subscribed = (s: TestSocket) => s.next((m) => m.type === "status" && m.status === "SUBSCRIBED");

  it("a visitor's UPDATE carries exactly what GET /api/shared/:id shows: no owner, no share settings", async () => {
    const { doc, token } = await sharedDoc();
    const s = await visitor(doc.id, token);
    await subscribed(s);
    const saved = await t.app.inject({ method: "PATCH", url: `/api/documents/${doc.id}`, headers: owner.headers, payload: { title: "Live", content: paragraphDoc("news"), version: 1 } });
    expect(saved.statusCode).toBe(200);
    const msg = await s.next((m) => m.type === "UPDATE");
    const rest = (await t.app.inject({ method: "GET", url: `/api/shared/${doc.id}` })).json();
    expect(msg).toEqual({ type: "UPDATE", channel: documentChannel(doc.id), record: rest });
    expect(Object.keys((msg as { record: object }).record).sort()).toEqual(["allow_editing", "content", "id", "show_comments", "title", "updated_at", "version"]);
    expect(JSON.stringify(msg)).not.toContain(owner.id);
  });

  it(`serves ${PER_DOCUMENT} visitors of one document with one access check and one payload per change`, async () => {
    const { doc, token } = await sharedDoc();
    const visitors = await Promise.all(Array.from({ length: PER_DOCUMENT }, () => visitor(doc.id, token)));
    await Promise.all(visitors.map(subscribed));
    counts.shareReads = 0;
    counts.presents = 0;
    const saved = await t.app.inject({ method: "PATCH", url: `/api/documents/${doc.id}`, headers: owner.headers, payload: { content: paragraphDoc("for all"), version: 1 } });
    expect(saved.statusCode).toBe(200);
    for (const s of visitors) await s.next((m) => m.type === "UPDATE" && m.record.version === 2);
    expect(counts).toEqual({ shareReads: 1, presents: 1 });
  });

  it(`closes a socket beyond ${PER_DOCUMENT} from one address on one document with tooManyConnections`, async () => {
    const { doc, token } = await sharedDoc();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/realtime`;
    const first = await Promise.all(Array.from({ length: PER_DOCUMENT }, () => visitor(doc.id, token, url)));
    await Promise.all(first.map(subscribed));
    const extra = await visitor(doc.id, token, url);
    expect(await extra.closed).toMatchObject({ code: REALTIME_CLOSE.tooManyConnections });
    // The others keep their updates; a slot frees when one leaves.
    first[0]!.ws.close();
    await first[0]!.closed;
    // The server frees the slot once the closed socket's connection has ended: poll for it.
    let joined = false;
    for (let attempt = 0; attempt < 50 && !joined; attempt++) {
      const again = await visitor(doc.id, token, url);
      joined = "type" in (await Promise.race([again.closed, subscribed(again)]));
    }
    expect(joined).toBe(true);
  });
});

// The inbox over the realtime client: the bell's subscription shares the documents' socket
// (never a second one), keeps it open on its own, is told of each INBOX message and of each
// (re)connection (changes may have been missed while the socket was down), and closes the
// socket when nothing else needs it.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket } from "./realtime-socket.test-util";

vi.mock("./auth-client", () => ({
  getAccessToken: async () => "token",
  onAuthClientLoaded: () => () => {},
}));

async function freshClient() {
  vi.resetModules();
  FakeWebSocket.opened = [];
  return import("./realtime");
}

/** The server accepts socket `n`, reads its auth message and answers `ready`. */
async function serverAccepts(n: number) {
  const s = FakeWebSocket.opened[n]!;
  s.serverOpen();
  await vi.advanceTimersByTimeAsync(0);
  expect(s.sent[0]).toEqual({ type: "auth", access_token: "token" });
  s.serverSend({ type: "ready", user_id: "u1" });
  return s;
}

describe("realtime client inbox", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeWebSocket);
    vi.stubGlobal("window", { location: { protocol: "http:", host: "localhost:3000" }, addEventListener: () => {} });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens the socket for the inbox alone, reports each change and the connection, and closes when stopped", async () => {
    const { subscribeToInbox } = await freshClient();
    let told = 0;
    const stop = subscribeToInbox(() => told++);
    expect(FakeWebSocket.opened).toHaveLength(1);
    const s = await serverAccepts(0);
    expect(told).toBe(1);
    // Nothing is asked of the server: it follows the signed-in person's inbox by itself.
    expect(s.sent).toEqual([{ type: "auth", access_token: "token" }]);
    s.serverSend({ type: "INBOX" });
    s.serverSend({ type: "INBOX" });
    expect(told).toBe(3);
    stop();
    expect(s.readyState).toBe(FakeWebSocket.CLOSED);
  });

  it("shares one socket with the dashboard's documents and keeps it while either needs it", async () => {
    const { subscribeToDocument, subscribeToInbox } = await freshClient();
    const stopDocument = subscribeToDocument("doc-1", { onUpdate: () => {}, onStatus: () => {} }, { summary: true });
    let told = 0;
    const stopInbox = subscribeToInbox(() => told++);
    expect(FakeWebSocket.opened).toHaveLength(1);
    const s = await serverAccepts(0);
    expect(s.sent).toContainEqual({ type: "subscribe", channel: "document:doc-1", summary: true });
    stopDocument();
    expect(s.readyState).toBe(FakeWebSocket.OPEN);
    s.serverSend({ type: "INBOX" });
    expect(told).toBe(2);
    stopInbox();
    expect(s.readyState).toBe(FakeWebSocket.CLOSED);
    expect(FakeWebSocket.opened).toHaveLength(1);
  });

  it("after a dropped connection, reconnects for the inbox and reports the new connection", async () => {
    const { subscribeToInbox } = await freshClient();
    let told = 0;
    subscribeToInbox(() => told++);
    (await serverAccepts(0)).serverClose(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.opened).toHaveLength(2);
    await serverAccepts(1);
    expect(told).toBe(2);
  });
});

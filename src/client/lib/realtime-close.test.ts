// How the realtime client reacts to the server's close codes: a socket closed because its
// session ended or its share link ended must not reconnect in a loop.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { REALTIME_CLOSE } from "../../shared/contracts/documents";
import { FakeWebSocket } from "./realtime-socket.test-util";

type AuthListener = (event: string, session: { user: { id: string }; access_token: string } | null) => void;
const auth = vi.hoisted(() => ({ listeners: [] as AuthListener[] }));
vi.mock("./auth-client", () => ({
  getAccessToken: async () => "token",
  onAuthClientLoaded: (fn: (client: unknown) => void) => {
    fn({ onAuthStateChange: (l: AuthListener) => auth.listeners.push(l) });
    return () => {};
  },
}));

async function freshClient() {
  vi.resetModules();
  FakeWebSocket.opened = [];
  auth.listeners = [];
  return import("./realtime");
}

describe("realtime client close codes", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("WebSocket", FakeWebSocket);
    vi.stubGlobal("window", { location: { protocol: "http:", host: "localhost:3000" }, addEventListener: () => {} });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("reconnects after a dropped connection", async () => {
    const { subscribeToDocument } = await freshClient();
    subscribeToDocument("doc-1", { onUpdate: () => {}, onStatus: () => {} });
    FakeWebSocket.opened[0]!.serverClose(1006);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.opened.length).toBeGreaterThan(1);
  });

  it("does not reconnect a socket whose session ended until the user signs in again", async () => {
    const { subscribeToDocument } = await freshClient();
    subscribeToDocument("doc-1", { onUpdate: () => {}, onStatus: () => {} });
    FakeWebSocket.opened[0]!.serverClose(REALTIME_CLOSE.sessionEnded);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeWebSocket.opened).toHaveLength(1);
    for (const l of auth.listeners) l("SIGNED_IN", { user: { id: "u2" }, access_token: "new" });
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.opened).toHaveLength(2);
  });

  it("ends a share link's channel and does not reconnect for it", async () => {
    const { subscribeToDocument } = await freshClient();
    const statuses: string[] = [];
    subscribeToDocument("doc-1", { onUpdate: () => {}, onStatus: (s) => statuses.push(s) }, { shareToken: "share" });
    FakeWebSocket.opened[0]!.serverClose(REALTIME_CLOSE.shareEnded);
    await vi.advanceTimersByTimeAsync(10 * 60_000);
    expect(FakeWebSocket.opened).toHaveLength(1);
    expect(statuses).toContain("CHANNEL_ERROR");
  });

  it("waits at least 30 s before coming back when over the per-address cap", async () => {
    const { subscribeToDocument } = await freshClient();
    subscribeToDocument("doc-1", { onUpdate: () => {}, onStatus: () => {} });
    FakeWebSocket.opened[0]!.serverClose(REALTIME_CLOSE.tooManyConnections);
    await vi.advanceTimersByTimeAsync(29_000);
    expect(FakeWebSocket.opened).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(2_000);
    expect(FakeWebSocket.opened).toHaveLength(2);
  });
});

// Opening a live document takes one connection: the socket's first attempt must not fail
// on the session's own state callbacks (it would retry a second later, and every open of
// a document would wait that second for its text).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { LiveDocument } from "./live-document";

class FakeWebSocket extends EventTarget {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static created: FakeWebSocket[] = [];
  readyState = 0;
  binaryType = "blob";
  constructor(readonly url: string) {
    super();
    FakeWebSocket.created.push(this);
  }
  send() {}
  close() {
    this.readyState = 3;
  }
}

describe("LiveDocument connection", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeWebSocket.created = [];
    vi.stubGlobal("WebSocket", FakeWebSocket);
    vi.stubGlobal("window", { location: { protocol: "http:", host: "localhost:3000" }, addEventListener: () => {}, removeEventListener: () => {} });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it("opens one socket and keeps waiting on it while the server is slow to answer", async () => {
    const live = new LiveDocument({
      documentId: "00000000-0000-4000-8000-000000000001",
      token: async () => "token",
      user: { name: "Writer", color: "#000000" },
      url: "ws://localhost:3000/collab",
      persist: false,
      keepaliveHeaders: () => null,
    });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.created).toHaveLength(1);
    live.destroy();
  });
});

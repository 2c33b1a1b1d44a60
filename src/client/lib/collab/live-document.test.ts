// Opening a live document takes one connection: the socket's first attempt must not fail
// on the session's own state callbacks (it would retry a second later, and every open of
// a document would wait that second for its text).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeWebSocket, stubBrowser, unstubBrowser } from "./fake-websocket.test-util";
import { LiveDocument } from "./live-document";

describe("LiveDocument connection", () => {
  beforeEach(stubBrowser);
  afterEach(unstubBrowser);

  it("opens one socket and keeps waiting on it while the server is slow to answer", async () => {
    const opts = {
      documentId: "00000000-0000-4000-8000-000000000001",
      token: async () => "token",
      user: { name: "Writer", color: "#000000" },
      url: "ws://localhost:3000/collab",
      persist: false,
      keepaliveHeaders: () => null,
    };
    const live = new LiveDocument(opts).adopt(opts);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.created).toHaveLength(1);
    live.destroy();
  });
});

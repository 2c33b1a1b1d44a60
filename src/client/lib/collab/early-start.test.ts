// The editor page starts a document's live session with its GET of the record; the editor
// then takes that session instead of opening a second connection, and a session nobody
// took (the document was not found, the page was left) is closed.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startLiveDocument, takeLiveDocument } from "./early-start";
import { FakeWebSocket, stubBrowser, unstubBrowser } from "./fake-websocket.test-util";

const documentId = "00000000-0000-4000-8000-000000000002";
const connection = { documentId, token: async () => "token", url: "ws://localhost:3000/collab" };

describe("starting a live session before its view", () => {
  beforeEach(stubBrowser);
  afterEach(unstubBrowser);

  it("hands the started session to the view, which keeps its one connection after the page's cleanup", async () => {
    const end = startLiveDocument(connection);
    const live = takeLiveDocument(documentId);
    expect(live).toBeDefined();
    expect(takeLiveDocument(documentId)).toBeUndefined();
    end();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.created).toHaveLength(1);
    expect(FakeWebSocket.created[0]!.readyState).toBe(FakeWebSocket.CONNECTING);
    live!.destroy();
  });

  it("closes a session nobody took", async () => {
    const end = startLiveDocument(connection);
    end();
    expect(FakeWebSocket.created[0]!.readyState).toBe(FakeWebSocket.CLOSED);
    expect(takeLiveDocument(documentId)).toBeUndefined();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(FakeWebSocket.created).toHaveLength(1);
  });
});

// How the live session answers the server's close codes (collab-wire.ts): a refused change
// stops the reconnecting until the writer tries again, with the reason in the state and the
// change kept; a request to slow down, or a connection that did not sign in in time, is
// answered with a pause that doubles up to 30 s; none of them ends access.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import * as Y from "yjs";
import { COLLAB_BODY_FIELD, COLLAB_CLOSE } from "../../../shared/contracts/collab-wire";
import { FakeWebSocket, stubBrowser, unstubBrowser } from "./fake-websocket.test-util";
import { LiveDocument, RECONNECT_MAX_PAUSE_MS, RECONNECT_STABLE_MS } from "./live-document";

const opts = {
  documentId: "00000000-0000-4000-8000-000000000002",
  token: async () => "token",
  user: { name: "Writer", color: "#000000" },
  url: "ws://localhost:3000/collab",
  persist: false,
  keepaliveHeaders: () => null,
};

/** A session whose first socket the server has accepted. */
async function openSession(): Promise<LiveDocument> {
  const live = new LiveDocument(opts).adopt(opts);
  FakeWebSocket.last().open();
  await vi.advanceTimersByTimeAsync(0);
  return live;
}

/** Types `text` at the start of the body, as the editor would. */
function write(live: LiveDocument, text: string) {
  const body = live.ydoc.getXmlFragment(COLLAB_BODY_FIELD);
  live.ydoc.transact(() => {
    if (body.length === 0) body.insert(0, [new Y.XmlElement("paragraph")]);
    const paragraph = body.get(0) as Y.XmlElement;
    if (paragraph.length === 0) paragraph.insert(0, [new Y.XmlText()]);
    (paragraph.get(0) as Y.XmlText).insert(0, text);
  }, "editor");
}

const bodyText = (live: LiveDocument) => live.ydoc.getXmlFragment(COLLAB_BODY_FIELD).toString();

/** Closes the open socket with `code` and returns how long until the next socket is made (up to `limitMs`). */
async function pauseAfterClose(code: number, limitMs = 60_000): Promise<number | null> {
  const before = FakeWebSocket.created.length;
  FakeWebSocket.last().closeFromServer(code, "Slow down");
  for (let waited = 0; waited < limitMs; waited += 100) {
    await vi.advanceTimersByTimeAsync(100);
    if (FakeWebSocket.created.length > before) return waited + 100;
  }
  return null;
}

describe("LiveDocument close codes", () => {
  beforeEach(stubBrowser);
  afterEach(unstubBrowser);

  for (const [name, code] of [
    ["too large (4413)", COLLAB_CLOSE.messageTooLarge],
    ["refused (4422)", COLLAB_CLOSE.changeRefused],
  ] as const) {
    it(`a change closed as ${name} stops the reconnecting, keeps the text and says why`, async () => {
      const live = await openSession();
      write(live, "Kept on this device.");
      FakeWebSocket.last().closeFromServer(code, "The server's reason.");
      await vi.advanceTimersByTimeAsync(60_000);

      expect(FakeWebSocket.created).toHaveLength(1);
      const state = live.getState();
      expect(state.refused).toEqual({ code, reason: "The server's reason." });
      expect(state.status).toBe("refused");
      expect(state.accessEnded).toBe(false);
      expect(state.connected).toBe(false);
      expect(bodyText(live)).toContain("Kept on this device.");
      live.destroy();
    });
  }

  it("a message too big for the server (1009) counts as a change too large, not a dropped connection", async () => {
    const live = await openSession();
    FakeWebSocket.last().closeFromServer(1009);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.created).toHaveLength(1);
    expect(live.getState().refused?.code).toBe(COLLAB_CLOSE.messageTooLarge);
    live.destroy();
  });

  it("a refused change is never reported as saved, not even when a store notice comes in", async () => {
    const live = await openSession();
    const storedNotice = () => {
      const stateVector = btoa(String.fromCharCode(...Y.encodeStateVector(live.ydoc)));
      live.provider.configuration.onStateless({ payload: JSON.stringify({ type: "stored", version: 2, updatedAt: new Date().toISOString(), stateVector }) });
    };
    while (live.provider.hasUnsyncedChanges) live.provider.decrementUnsyncedChanges();
    storedNotice();
    expect(live.getState().status).toBe("saved");

    FakeWebSocket.last().closeFromServer(COLLAB_CLOSE.changeRefused);
    await vi.advanceTimersByTimeAsync(0);
    storedNotice();
    expect(live.getState().status).toBe("refused");
    live.destroy();
  });

  it("coming back online does not reconnect a refused session; retry() does, once", async () => {
    const listeners = new Map<string, () => void>();
    vi.stubGlobal("window", {
      location: { protocol: "http:", host: "localhost:3000" },
      addEventListener: (type: string, fn: () => void) => listeners.set(type, fn),
      removeEventListener: () => {},
    });
    const live = await openSession();
    FakeWebSocket.last().closeFromServer(COLLAB_CLOSE.messageTooLarge);
    listeners.get("online")?.();
    await vi.advanceTimersByTimeAsync(5000);
    expect(FakeWebSocket.created).toHaveLength(1);

    live.retry();
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeWebSocket.created).toHaveLength(2);
    expect(live.getState().refused).toBeNull();
    expect(live.getState().status).not.toBe("refused");

    // Refused again: it waits for the writer again.
    FakeWebSocket.last().open();
    FakeWebSocket.last().closeFromServer(COLLAB_CLOSE.messageTooLarge);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.created).toHaveLength(2);
    expect(live.getState().status).toBe("refused");
    live.destroy();
  });

  it("retry() after the writer undid the change leaves the undone text out of what the sync sends", async () => {
    const live = await openSession();
    write(live, "Before. ");
    const body = live.ydoc.getXmlFragment(COLLAB_BODY_FIELD);
    const undo = new Y.UndoManager(body, { trackedOrigins: new Set(["editor"]) });
    const before = Y.encodeStateVector(live.ydoc);
    write(live, "x".repeat(1_000_000));
    FakeWebSocket.last().closeFromServer(COLLAB_CLOSE.messageTooLarge);
    undo.undo();
    // The undo manager keeps undone text for a redo; the editor forgets redo steps before retrying.
    expect(Y.encodeStateAsUpdate(live.ydoc, before).byteLength).toBeGreaterThan(1_000_000);
    undo.clear(false, true);

    live.retry();
    expect(Y.encodeStateAsUpdate(live.ydoc, before).byteLength).toBeLessThan(200);
    expect(bodyText(live)).toContain("Before. ");
    expect(bodyText(live)).not.toContain("xxx");
    live.destroy();
  });

  it("a close asking to slow down (4429) reconnects after 1 s, 2 s, 4 s … at most 30 s, showing it is reconnecting", async () => {
    const live = await openSession();
    const pauses: (number | null)[] = [];
    for (let i = 0; i < 7; i++) {
      pauses.push(await pauseAfterClose(COLLAB_CLOSE.tooManyMessages));
      if (i === 0) expect(live.getState().status).toBe("reconnecting");
      FakeWebSocket.last().open();
    }
    expect(pauses).toEqual([1000, 2000, 4000, 8000, 16_000, RECONNECT_MAX_PAUSE_MS, RECONNECT_MAX_PAUSE_MS]);
    expect(live.getState().accessEnded).toBe(false);
    expect(live.getState().refused).toBeNull();
    live.destroy();
  });

  it("too many connections (4430), a message editors may not send (4400) and no sign-in in time (4401) pause the same way; a connection that stays up starts again from 1 s", async () => {
    const live = await openSession();
    expect(await pauseAfterClose(COLLAB_CLOSE.tooManyConnections)).toBe(1000);
    FakeWebSocket.last().open();
    expect(await pauseAfterClose(COLLAB_CLOSE.notAuthenticated)).toBe(2000);
    FakeWebSocket.last().open();
    expect(await pauseAfterClose(COLLAB_CLOSE.notAllowed)).toBe(4000);
    FakeWebSocket.last().open();
    await vi.advanceTimersByTimeAsync(RECONNECT_STABLE_MS);
    expect(await pauseAfterClose(COLLAB_CLOSE.tooManyConnections)).toBe(1000);
    expect(live.getState().accessEnded).toBe(false);
    live.destroy();
  });

  it("a pause in progress ends with the session: no socket is made after destroy()", async () => {
    const live = await openSession();
    FakeWebSocket.last().closeFromServer(COLLAB_CLOSE.tooManyConnections);
    live.destroy();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(FakeWebSocket.created).toHaveLength(1);
  });

  it("access ended (4403) still closes the editor, and stops any pause", async () => {
    const live = await openSession();
    FakeWebSocket.last().closeFromServer(COLLAB_CLOSE.accessEnded);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(live.getState().accessEnded).toBe(true);
    expect(FakeWebSocket.created).toHaveLength(1);
    live.destroy();
  });

  it("a dropped connection reconnects by itself as before", async () => {
    const live = await openSession();
    FakeWebSocket.last().closeFromServer(1006);
    await vi.advanceTimersByTimeAsync(1500);
    expect(FakeWebSocket.created.length).toBeGreaterThan(1);
    expect(live.getState()).toMatchObject({ refused: null, reconnecting: false, accessEnded: false });
    live.destroy();
  });
});

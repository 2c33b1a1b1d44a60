// A WebSocket stand-in for unit tests of the live session: it records what was created and
// closed, and never connects by itself (the server stays silent); a test can open it and
// close it as the server would.
import { vi } from "vitest";

export class FakeWebSocket extends EventTarget {
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
  /** The server accepts the connection (and says nothing yet). */
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event("open"));
  }
  /** The server closes the connection with `code` and `reason`. */
  closeFromServer(code: number, reason = "") {
    this.readyState = 3;
    this.dispatchEvent(Object.assign(new Event("close"), { code, reason, wasClean: true }));
  }
  /** The socket made last. */
  static last(): FakeWebSocket {
    const socket = FakeWebSocket.created.at(-1);
    if (!socket) throw new Error("no socket was made");
    return socket;
  }
}

/** Installs FakeWebSocket and a minimal window (fake timers: the provider retries on timers). */
export function stubBrowser() {
  vi.useFakeTimers();
  FakeWebSocket.created = [];
  vi.stubGlobal("WebSocket", FakeWebSocket);
  vi.stubGlobal("window", { location: { protocol: "http:", host: "localhost:3000" }, addEventListener: () => {}, removeEventListener: () => {} });
}

export function unstubBrowser() {
  vi.useRealTimers();
  vi.unstubAllGlobals();
}

// A WebSocket stand-in for unit tests of the live session: it records what was created and
// closed, and never connects (the server stays silent).
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

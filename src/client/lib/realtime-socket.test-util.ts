// A WebSocket stand-in for unit tests of the realtime client (lib/realtime.ts): it records the
// sockets made and the messages sent, and the test plays the server (open, send, close).
export class FakeWebSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static opened: FakeWebSocket[] = [];
  readyState = 0;
  sent: unknown[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeWebSocket.opened.push(this);
  }
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = 3;
  }
  /** The server accepts the connection. */
  serverOpen() {
    this.readyState = 1;
    this.onopen?.();
  }
  /** The server sends `msg`. */
  serverSend(msg: unknown) {
    this.onmessage?.({ data: JSON.stringify(msg) });
  }
  /** The server closes the socket with `code`. */
  serverClose(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

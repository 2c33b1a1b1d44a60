import { EventEmitter } from "node:events";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { WebSocket } from "ws";
import { REALTIME_CLOSE } from "../../shared/contracts/documents.js";
import type { AppContext } from "../context.js";
import { createMemoryBus } from "./providers/builtin.js";
import { handleConnection } from "./connection.js";

class FakeSocket extends EventEmitter {
  OPEN = 1;
  readyState = 1;
  sent: unknown[] = [];
  pings = 0;
  terminated = false;
  closedWith: number | null = null;
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  ping() {
    this.pings++;
  }
  terminate() {
    this.terminated = true;
    this.readyState = 3;
  }
  close(code: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  message(msg: unknown) {
    this.emit("message", Buffer.from(JSON.stringify(msg)), false);
  }
}

const ctx = { realtime: createMemoryBus(), now: () => new Date() } as unknown as AppContext;
const opts = { heartbeatMs: 1000, authTimeoutMs: 500, maxChannels: 5, maxMessagesPerSecond: 10, maxSocketsPerAddress: 3, maxSocketsPerAddressPerDocument: 2 };

describe("realtime connection heartbeats", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("pings every interval and terminates a socket that stopped answering", async () => {
    const s = new FakeSocket();
    handleConnection(ctx, s as unknown as WebSocket, opts);
    s.message({ type: "auth", access_token: null });
    await vi.advanceTimersByTimeAsync(0);
    expect(s.sent).toEqual([{ type: "ready", user_id: null }]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.pings).toBe(1);
    s.emit("pong");
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.pings).toBe(2);
    expect(s.terminated).toBe(false);
    await vi.advanceTimersByTimeAsync(1000);
    expect(s.terminated).toBe(true);
  });

  it("closes a socket that never authenticates", async () => {
    const s = new FakeSocket();
    handleConnection(ctx, s as unknown as WebSocket, opts);
    await vi.advanceTimersByTimeAsync(500);
    expect(s.closedWith).toBe(REALTIME_CLOSE.unauthorized);
  });

  it("answers unrecognized messages without closing", async () => {
    const s = new FakeSocket();
    handleConnection(ctx, s as unknown as WebSocket, opts);
    s.message({ type: "shout" });
    s.emit("message", Buffer.from("not json"), false);
    expect(s.sent).toEqual([
      { type: "error", message: "Unrecognized message" },
      { type: "error", message: "Unrecognized message" },
    ]);
    expect(s.closedWith).toBeNull();
  });

  it("closes a socket that floods messages", async () => {
    const s = new FakeSocket();
    handleConnection(ctx, s as unknown as WebSocket, opts);
    for (let i = 0; i < 10; i++) s.message({ type: "ping" });
    expect(s.closedWith).toBeNull();
    s.message({ type: "ping" });
    expect(s.closedWith).toBe(REALTIME_CLOSE.tooManyMessages);
  });
});

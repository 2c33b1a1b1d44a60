// A small WebSocket test client: records every server message and waits for one matching.
import { WebSocket } from "ws";
import { type RealtimeServerMessage, documentChannel } from "../../shared/contracts/documents.js";
import type { TestApp } from "../test/harness.js";

export interface TestSocket {
  ws: WebSocket;
  messages: RealtimeServerMessage[];
  closed: Promise<{ code: number; reason: string }>;
  send(msg: unknown): void;
  next(pred: (m: RealtimeServerMessage) => boolean, timeoutMs?: number): Promise<RealtimeServerMessage>;
}

function wrapSocket(ws: WebSocket): TestSocket {
  const messages: RealtimeServerMessage[] = [];
  const waiters: { pred: (m: RealtimeServerMessage) => boolean; resolve: (m: RealtimeServerMessage) => void }[] = [];
  ws.on("message", (data) => {
    const msg = JSON.parse(data.toString()) as RealtimeServerMessage;
    messages.push(msg);
    for (const w of [...waiters]) {
      if (w.pred(msg)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(msg);
      }
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on("close", (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return {
    ws,
    messages,
    closed,
    send: (msg) => ws.send(JSON.stringify(msg)),
    next(pred, timeoutMs = 10_000) {
      const seen = messages.find(pred);
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching message; got ${JSON.stringify(messages)}`)), timeoutMs);
        waiters.push({
          pred,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
  };
}

/**
 * A /realtime socket through the app in process, sent from `origin` (the app's own unless
 * told; null sends none). It joins `opened`, which the test closes when it ends.
 */
export async function openRealtime(
  t: Pick<TestApp, "app">,
  opened: TestSocket[],
  origin: string | null = "http://localhost:3000",
): Promise<TestSocket> {
  const s = wrapSocket(await t.app.injectWS("/realtime", { headers: origin ? { origin } : {} }));
  opened.push(s);
  return s;
}

/** A /realtime socket over real TCP to `url` (the server then sees the client's address and its close). */
export async function openRealtimeOverTcp(
  url: string,
  opened: TestSocket[],
  origin = "http://localhost:3000",
): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers: { origin } });
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const s = wrapSocket(ws);
  opened.push(s);
  return s;
}

/** Sends the first `auth` message (a null token is a share-link visitor) and waits for `ready`. */
export async function authenticate(s: TestSocket, accessToken: string | null): Promise<TestSocket> {
  s.send({ type: "auth", access_token: accessToken });
  await s.next((m) => m.type === "ready");
  return s;
}

/** Subscribes to a document's channel (a visitor with its share token) and answers the channel's status. */
export function subscribe(s: TestSocket, documentId: string, shareToken?: string): Promise<RealtimeServerMessage> {
  const channel = documentChannel(documentId);
  s.send({ type: "subscribe", channel, ...(shareToken ? { share_token: shareToken } : {}) });
  return s.next((m) => m.type === "status" && m.channel === channel);
}

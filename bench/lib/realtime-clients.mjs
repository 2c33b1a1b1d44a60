// WebSocket subscribers for bench/realtime.ts, in a worker thread so they do not share the
// server's event loop. Opens one socket per subscriber — signed in (token) or a share-link
// visitor (shareToken, not signed in) — from its localAddress when given (127.0.0.x, so a
// thousand visitors stay under the server's per-address caps), subscribes, reports "ready",
// then records when each UPDATE arrives (epoch ms, high resolution) and its size.
import { parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";

const { wsUrl, origin, subscribers } = workerData;
const arrivals = [];
const now = () => performance.timeOrigin + performance.now();
let subscribed = 0;
let finishing = false;
const sockets = [];

for (const sub of subscribers) {
  const ws = new WebSocket(wsUrl, { headers: { origin }, ...(sub.localAddress ? { localAddress: sub.localAddress } : {}) });
  sockets.push(ws);
  ws.on("open", () => {
    ws.send(JSON.stringify({ type: "auth", access_token: sub.token ?? null }));
  });
  ws.on("close", (code, reason) => {
    if (!finishing) parentPort.postMessage({ type: "error", message: `socket closed early: ${code} ${reason}` });
  });
  ws.on("message", (data) => {
    const text = String(data);
    const msg = JSON.parse(text);
    if (msg.type === "ready") {
      const share = sub.shareToken ? { share_token: sub.shareToken } : {};
      ws.send(JSON.stringify({ type: "subscribe", channel: `document:${sub.documentId}`, ...share }));
    } else if (msg.type === "status" && msg.status === "SUBSCRIBED") {
      subscribed++;
      if (subscribed === subscribers.length) parentPort.postMessage({ type: "ready" });
    } else if (msg.type === "status") {
      parentPort.postMessage({ type: "error", message: `subscribe refused: ${msg.message}` });
    } else if (msg.type === "UPDATE") {
      arrivals.push({ title: msg.record.title, at: now(), bytes: text.length });
    }
  });
  ws.on("error", (err) => parentPort.postMessage({ type: "error", message: String(err) }));
}

parentPort.on("message", (msg) => {
  if (msg === "finish") {
    finishing = true;
    for (const ws of sockets) ws.close();
    parentPort.postMessage({ type: "done", arrivals });
  }
});

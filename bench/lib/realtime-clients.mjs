// WebSocket subscribers for bench/realtime.ts, in a worker thread so they do not share the
// server's event loop. Opens one socket per subscriber, authenticates, subscribes, reports
// "ready", then records when each UPDATE arrives (epoch ms, high resolution).
import { parentPort, workerData } from "node:worker_threads";
import WebSocket from "ws";

const { wsUrl, origin, subscribers } = workerData;
const arrivals = [];
const now = () => performance.timeOrigin + performance.now();
let subscribed = 0;
let finishing = false;
const sockets = [];

for (const sub of subscribers) {
  const ws = new WebSocket(wsUrl, { headers: { origin } });
  sockets.push(ws);
  ws.on("open", () => {
    ws.send(JSON.stringify({ type: "auth", access_token: sub.token }));
  });
  ws.on("close", (code, reason) => {
    if (!finishing) parentPort.postMessage({ type: "error", message: `socket closed early: ${code} ${reason}` });
  });
  ws.on("message", (data) => {
    const msg = JSON.parse(String(data));
    if (msg.type === "ready") ws.send(JSON.stringify({ type: "subscribe", channel: `document:${sub.documentId}` }));
    else if (msg.type === "status" && msg.status === "SUBSCRIBED") {
      subscribed++;
      if (subscribed === subscribers.length) parentPort.postMessage({ type: "ready" });
    } else if (msg.type === "UPDATE") {
      arrivals.push({ title: msg.record.title, at: now() });
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

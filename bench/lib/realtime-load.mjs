// Load generator for bench/realtime.ts, run as a child process so that process.cpuUsage() in
// the bench is the server's alone. It saves documents through the HTTP API as the editor's
// autosave does and holds the /realtime sockets: signed-in subscribers (an open editor tab:
// the full record) and share-link visitors (the shared view), each from its localAddress
// (127.0.0.x, so the server's per-address caps stay on). Commands over the IPC channel:
//   {type: "connect"}                        — open and subscribe every socket;
//   {type: "updates", set, count, intervalMs} — save `count` times, round robin over the
//                                              documents of `set` ("watched", which the
//                                              sockets follow, or "unwatched"), and wait for
//                                              every delivery;
//   {type: "finish"}                         — close everything and exit.
// Each save carries the title update-<n>; a delivery is matched to its save by that title,
// read from the message's bytes without decoding the whole record.
import WebSocket from "ws";
import { Connection } from "./http-client.mjs";

/** @type {{ url: string, origin: string, content: string, docs: {watched: Doc[], unwatched: Doc[]}, subscribers: {documentId: string, token: string, localAddress: string}[], visitors: {documentId: string, shareToken: string, localAddress: string}[] }} */
let job;
/** @typedef {{id: string, token: string, version: number}} Doc */
let escaped = "";
const sockets = [];
let finishing = false;
/** Saves in flight or done in the current run: title number → send time. */
let sentAt = new Map();
let deliveries = null;
let expected = 0;
let allArrived = null;

const TITLE = Buffer.from('"title":"update-');
const VERSION = Buffer.from('"version":');
const now = () => performance.now();

function numberAt(bytes, at) {
  let value = 0;
  for (let i = at; i < bytes.length && bytes[i] >= 48 && bytes[i] <= 57; i++) value = value * 10 + bytes[i] - 48;
  return value;
}

function onUpdate(kind, data) {
  if (!deliveries) return;
  const at = data.indexOf(TITLE);
  if (at < 0) return;
  const n = numberAt(data, at + TITLE.length);
  const sent = sentAt.get(n);
  if (sent === undefined) return;
  const d = deliveries[kind];
  d.latencies.push(now() - sent);
  d.bytes += data.length;
  if (--expected === 0) allArrived?.();
}

function open(sub, kind) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(`${job.url.replace(/^http/, "ws")}/realtime`, { headers: { origin: job.origin }, localAddress: sub.localAddress });
    sockets.push(ws);
    ws.on("open", () => ws.send(JSON.stringify({ type: "auth", access_token: sub.token ?? null })));
    ws.on("error", reject);
    ws.on("close", (code, reason) => {
      if (!finishing) process.send({ type: "error", message: `${kind} socket closed: ${code} ${reason}` });
    });
    ws.on("message", (data) => {
      // UPDATEs are the bulk: recognized by their first bytes, never parsed whole.
      if (data[9] === 85 /* U */ && data.subarray(0, 16).toString() === '{"type":"UPDATE"') return onUpdate(kind, data);
      const msg = JSON.parse(String(data));
      if (msg.type === "ready") {
        const share = sub.shareToken ? { share_token: sub.shareToken } : {};
        ws.send(JSON.stringify({ type: "subscribe", channel: `document:${sub.documentId}`, ...share }));
      } else if (msg.type === "status" && msg.status === "SUBSCRIBED") resolve();
      else if (msg.type === "status" || msg.type === "error") reject(new Error(`${kind} refused: ${String(data)}`));
    });
  });
}

async function updates({ set, count, intervalMs }) {
  const docs = job.docs[set];
  const target = new URL(job.url);
  const perDocument = new Map();
  for (const s of job.subscribers) perDocument.set(s.documentId, (perDocument.get(s.documentId) ?? 0) + 1);
  for (const v of job.visitors) perDocument.set(v.documentId, (perDocument.get(v.documentId) ?? 0) + 1);
  sentAt = new Map();
  deliveries = { subscriber: { latencies: [], bytes: 0 }, visitor: { latencies: [], bytes: 0 } };
  expected = 0;
  const saves = [];
  let errors = 0;
  const connections = new Map();
  const started = now();
  for (let n = 0; n < count; n++) {
    const doc = docs[n % docs.length];
    // The next save is due intervalMs after this one was due, whatever this one costs.
    const due = started + n * intervalMs;
    const wait = due - now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    let connection = connections.get(doc.id);
    if (!connection) {
      connection = new Connection(target.hostname, Number(target.port));
      connections.set(doc.id, connection);
    }
    expected += perDocument.get(doc.id) ?? 0;
    const body = `{"version":${doc.version},"title":"update-${n}","content":${escaped.replace("__EDIT__", `edit${n}`)}}`;
    const sent = now();
    sentAt.set(n, sent);
    // Not awaited: saves go out on their schedule, as many editors' would.
    saves.push(
      connection
        .request("PATCH", `/api/documents/${doc.id}`, { "content-type": "application/json", prefer: "return=minimal", authorization: `Bearer ${doc.token}` }, body)
        .then((res) => {
          if (res.status !== 200) {
            errors++;
            return;
          }
          const at = res.bytes.indexOf(VERSION);
          doc.version = numberAt(res.bytes, at + VERSION.length);
          return now() - sent;
        }),
    );
    // One save per document at a time: the next one needs this one's version.
    if ((n + 1) % docs.length === 0) await Promise.all(saves.slice(-docs.length));
  }
  const saveTimes = (await Promise.all(saves)).filter((t) => t !== undefined);
  // Every delivery, or 5 s without the last ones.
  if (expected > 0) {
    await new Promise((resolve) => {
      allArrived = resolve;
      setTimeout(resolve, 5000);
    });
  }
  allArrived = null;
  for (const c of connections.values()) c.close();
  const result = { saveTimes, errors, missing: expected, deliveries, seconds: (now() - started) / 1000 };
  deliveries = null;
  return result;
}

process.on("message", async (msg) => {
  try {
    if (msg.type === "init") {
      job = msg.job;
      escaped = JSON.stringify(job.content);
      process.send({ type: "ready" });
    } else if (msg.type === "connect") {
      const started = now();
      await Promise.all([...job.subscribers.map((s) => open(s, "subscriber")), ...job.visitors.map((v) => open(v, "visitor"))]);
      process.send({ type: "connected", ms: now() - started });
    } else if (msg.type === "updates") {
      process.send({ type: "result", ...(await updates(msg)) });
    } else if (msg.type === "finish") {
      finishing = true;
      for (const ws of sockets) ws.close();
      process.send({ type: "finished" }, () => process.exit(0));
    }
  } catch (err) {
    process.send({ type: "error", message: String(err?.stack ?? err) });
  }
});

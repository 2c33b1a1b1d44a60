// Load generator for bench/save.ts, run as a child process so that process.cpuUsage() in the
// bench is the server's alone. It holds the editors' keep-alive connections and the
// realtime subscribers (one /realtime socket per signed-in user, following that user's
// documents with `summary: true`, as a dashboard does) for the whole run, and answers the
// bench's commands over the IPC channel:
//   {type: "saturate", seconds, concurrency, versions} — closed loop, C concurrent savers;
//   {type: "editors", seconds, intervalMs, versions}   — every editor saving every intervalMs;
//   {type: "finish"}                                    — close everything and exit.
// Each answer carries the savers' new versions and the realtime deliveries since the last one.
import WebSocket from "ws";
import { Connection } from "./http-client.mjs";

/** @type {{ url: string, origin: string, baseText: string, editors: {id: string, token: string, version: number}[], subscribers: {token: string, documentIds: string[], localAddress?: string}[] }} */
let job;
let escapedContent = "";
const VERSION = Buffer.from('"version":');
const deliveries = { count: 0, bytes: 0 };
const sockets = [];
let finishing = false;

// The editor sends {version, content} with the content as a JSON string, and asks with
// `Prefer: return=minimal` for the saved version without the content echoed back. The
// marker needs no escaping, so the escaped content is made once and each save only swaps
// the marker: the load generator shares the machine with the server.
function saveBody(version, n) {
  return `{"version":${version},"content":${escapedContent.replace("__EDIT__", `edit ${n}`)}}`;
}

/** The new version from the answer, read without decoding the answer. */
function versionOf(bytes) {
  const at = bytes.indexOf(VERSION);
  if (at < 0) throw new Error("the answer has no version");
  let value = 0;
  for (let i = at + VERSION.length; i < bytes.length && bytes[i] >= 48 && bytes[i] <= 57; i++) value = value * 10 + bytes[i] - 48;
  return value;
}

async function save(editor, n) {
  const target = new URL(job.url);
  editor.connection ??= new Connection(target.hostname, Number(target.port));
  const started = performance.now();
  const res = await editor.connection.request(
    "PATCH",
    `/api/documents/${editor.id}`,
    { "content-type": "application/json", prefer: "return=minimal", authorization: `Bearer ${editor.token}` },
    saveBody(editor.version, n),
  );
  const elapsed = performance.now() - started;
  if (res.status !== 200) return { ok: false, elapsed, status: res.status };
  editor.version = versionOf(res.bytes);
  return { ok: true, elapsed };
}

let counter = 0;

async function saturate({ seconds, concurrency }) {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  await Promise.all(
    job.editors.slice(0, concurrency).map(async (editor) => {
      while (performance.now() < end) {
        const r = await save(editor, counter++);
        if (r.ok) done++;
        else errors++;
      }
    }),
  );
  return { done, errors };
}

async function editorsMode({ seconds, intervalMs }) {
  const latencies = [];
  // Saves made once every editor has saved at least once (after the first interval): by
  // then each editor's connection is open and its session is in the server's cache.
  const steady = [];
  let errors = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    job.editors.map(async (editor, i) => {
      // Spread the editors evenly over the interval, as real typists would be.
      await new Promise((r) => setTimeout(r, (i / job.editors.length) * intervalMs));
      let next = performance.now();
      while (next < end) {
        const r = await save(editor, counter++);
        if (r.ok) {
          latencies.push(r.elapsed);
          if (next - start >= intervalMs) steady.push(r.elapsed);
        } else errors++;
        next += intervalMs;
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
  return { done: latencies.length, latencies, steady, errors };
}

/** Opens every subscriber socket and resolves when each has all its documents SUBSCRIBED. */
function subscribeAll() {
  const wsUrl = `${job.url.replace(/^http/, "ws")}/realtime`;
  return Promise.all(
    job.subscribers.map(
      (sub) =>
        new Promise((resolve, reject) => {
          const ws = new WebSocket(wsUrl, { headers: { origin: job.origin }, ...(sub.localAddress ? { localAddress: sub.localAddress } : {}) });
          sockets.push(ws);
          let subscribed = 0;
          ws.on("open", () => ws.send(JSON.stringify({ type: "auth", access_token: sub.token })));
          ws.on("error", reject);
          ws.on("close", (code, reason) => {
            if (!finishing) reject(new Error(`subscriber socket closed: ${code} ${reason}`));
          });
          ws.on("message", (data) => {
            // Only the type is needed; UPDATEs are counted by size, not parsed.
            const text = String(data);
            if (text.startsWith('{"type":"UPDATE"')) {
              deliveries.count++;
              deliveries.bytes += Buffer.byteLength(text);
              return;
            }
            const msg = JSON.parse(text);
            if (msg.type === "ready") {
              for (const id of sub.documentIds) ws.send(JSON.stringify({ type: "subscribe", channel: `document:${id}`, summary: true }));
            } else if (msg.type === "status" && msg.status === "SUBSCRIBED") {
              if (++subscribed === sub.documentIds.length) resolve();
            } else if (msg.type === "status" || msg.type === "error") {
              reject(new Error(`subscribe refused: ${text}`));
            }
          });
        }),
    ),
  );
}

function takeDeliveries() {
  const taken = { ...deliveries };
  deliveries.count = 0;
  deliveries.bytes = 0;
  return taken;
}

function setVersions(versions) {
  for (const editor of job.editors) if (versions[editor.id] !== undefined) editor.version = versions[editor.id];
}

process.on("message", async (msg) => {
  try {
    if (msg.type === "init") {
      job = msg.job;
      escapedContent = JSON.stringify(job.baseText);
      await subscribeAll();
      process.send({ type: "ready" });
    } else if (msg.type === "saturate" || msg.type === "editors") {
      setVersions(msg.versions);
      takeDeliveries();
      const cpu = process.cpuUsage();
      const result = msg.type === "saturate" ? await saturate(msg) : await editorsMode(msg);
      const versions = Object.fromEntries(job.editors.map((e) => [e.id, e.version]));
      const used = process.cpuUsage(cpu);
      // The load generator's own CPU, to show what the server's figures leave out.
      process.send({ type: "result", ...result, versions, deliveries: takeDeliveries(), cpuMs: (used.user + used.system) / 1000 });
    } else if (msg.type === "finish") {
      finishing = true;
      for (const editor of job.editors) editor.connection?.close();
      for (const ws of sockets) ws.close();
      process.send({ type: "finished" }, () => process.exit(0));
    }
  } catch (err) {
    process.send({ type: "error", message: String(err?.stack ?? err) });
  }
});

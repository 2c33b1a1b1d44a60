// Load generator for bench/save.ts, run in a worker thread so the client's work does not
// share the server's event loop. Two modes: "saturate" (closed loop, C concurrent savers)
// and "editors" (N editors each saving every intervalMs).
import { parentPort, workerData } from "node:worker_threads";
import { Connection } from "./http-client.mjs";

const { mode, url, editors, seconds, intervalMs, concurrency, baseText } = workerData;

// The editor sends {version, content} with the content as a JSON string, and asks with
// `Prefer: return=minimal` for the saved version without the content echoed back. The marker needs
// no escaping, so the escaped content is made once and each save only swaps the marker:
// the load generator shares the machine with the server and should spend its CPU on
// nothing the server's clients would not.
const escapedContent = JSON.stringify(baseText);
const VERSION = Buffer.from('"version":');

function saveBody(version, n) {
  return `{"version":${version},"content":${escapedContent.replace("__EDIT__", `edit ${n}`)}}`;
}

/** The new version from the answer, read without decoding the whole 27 KB document. */
function versionOf(bytes) {
  const at = bytes.indexOf(VERSION);
  if (at < 0) throw new Error("the answer has no version");
  let value = 0;
  for (let i = at + VERSION.length; i < bytes.length && bytes[i] >= 48 && bytes[i] <= 57; i++) value = value * 10 + bytes[i] - 48;
  return value;
}

const target = new URL(url);

async function save(editor, n) {
  editor.connection ??= new Connection(target.hostname, Number(target.port));
  const started = performance.now();
  const body = saveBody(editor.version, n);
  const res = await editor.connection.request("PATCH", `/api/documents/${editor.id}`, { "content-type": "application/json", prefer: "return=minimal", authorization: `Bearer ${editor.token}` }, body);
  const elapsed = performance.now() - started;
  if (res.status !== 200) return { ok: false, elapsed, status: res.status };
  editor.version = versionOf(res.bytes);
  return { ok: true, elapsed };
}

async function saturate() {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let errors = 0;
  let n = 0;
  await Promise.all(
    editors.slice(0, concurrency).map(async (editor) => {
      while (performance.now() < end) {
        const r = await save(editor, n++);
        if (r.ok) done++;
        else errors++;
      }
    }),
  );
  return { done, errors, seconds };
}

async function editorsMode() {
  const latencies = [];
  // Saves made once every editor has saved at least once (after the first interval): by
  // then each editor's connection is open and its session is in the server's cache.
  const steady = [];
  let errors = 0;
  let n = 0;
  const start = performance.now();
  const end = start + seconds * 1000;
  await Promise.all(
    editors.map(async (editor, i) => {
      // Spread the editors evenly over the interval, as real typists would be.
      await new Promise((r) => setTimeout(r, (i / editors.length) * intervalMs));
      let next = performance.now();
      while (next < end) {
        const r = await save(editor, n++);
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
  return { latencies, steady, errors, seconds };
}

const elu = performance.eventLoopUtilization();
const result = mode === "saturate" ? await saturate() : await editorsMode();
for (const editor of editors) editor.connection?.close();
// How busy this thread was: the share of the run the load generator itself needed.
parentPort.postMessage({ ...result, busyMs: performance.eventLoopUtilization(elu).active });

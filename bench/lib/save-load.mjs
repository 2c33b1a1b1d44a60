// Load generator for bench/save.ts, run in a worker thread so the client's work does not
// share the server's event loop. Two modes: "saturate" (closed loop, C concurrent savers)
// and "editors" (N editors each saving every intervalMs).
import { parentPort, workerData } from "node:worker_threads";
import { Connection } from "./http-client.mjs";

const { mode, url, editors, seconds, intervalMs, concurrency, baseText } = workerData;

function docBody(base, n) {
  return base.replace("__EDIT__", `edit ${n}`);
}

const target = new URL(url);

async function save(editor, n) {
  editor.connection ??= new Connection(target.hostname, Number(target.port));
  const started = performance.now();
  // As the editor's autosave sends it: the content as a JSON string.
  const body = JSON.stringify({ version: editor.version, content: docBody(baseText, n) });
  const res = await editor.connection.request("PATCH", `/api/documents/${editor.id}`, { "content-type": "application/json", authorization: `Bearer ${editor.token}` }, body);
  const elapsed = performance.now() - started;
  if (res.status !== 200) return { ok: false, elapsed, status: res.status };
  // Only the new version is needed; find it without parsing the whole document back.
  editor.version = Number(/"version":(\d+)/.exec(res.body)[1]);
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
  let errors = 0;
  let n = 0;
  const end = performance.now() + seconds * 1000;
  await Promise.all(
    editors.map(async (editor, i) => {
      // Spread the editors evenly over the interval, as real typists would be.
      await new Promise((r) => setTimeout(r, (i / editors.length) * intervalMs));
      let next = performance.now();
      while (next < end) {
        const r = await save(editor, n++);
        if (r.ok) latencies.push(r.elapsed);
        else errors++;
        next += intervalMs;
        const wait = next - performance.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      }
    }),
  );
  return { latencies, errors, seconds };
}

const elu = performance.eventLoopUtilization();
const result = mode === "saturate" ? await saturate() : await editorsMode();
for (const editor of editors) editor.connection?.close();
// How busy this thread was: the share of the run the load generator itself needed.
parentPort.postMessage({ ...result, busyMs: performance.eventLoopUtilization(elu).active });

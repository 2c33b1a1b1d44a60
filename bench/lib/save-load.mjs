// Load generator for bench/save.ts, run in a worker thread so the client's work does not
// share the server's event loop. Two modes: "saturate" (closed loop, C concurrent savers)
// and "editors" (N editors each saving every intervalMs).
import { parentPort, workerData } from "node:worker_threads";

const { mode, url, editors, seconds, intervalMs, concurrency, baseText } = workerData;

function docBody(base, n) {
  return base.replace("__EDIT__", `edit ${n}`);
}

async function save(editor, n) {
  const started = performance.now();
  const res = await fetch(`${url}/api/documents/${editor.id}`, {
    method: "PATCH",
    headers: { "content-type": "application/json", authorization: `Bearer ${editor.token}` },
    body: `{"version":${editor.version},"content":${docBody(baseText, n)}}`,
  });
  const text = await res.text();
  const elapsed = performance.now() - started;
  if (res.status !== 200) return { ok: false, elapsed, status: res.status };
  editor.version = JSON.parse(text).version;
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

const result = mode === "saturate" ? await saturate() : await editorsMode();
parentPort.postMessage(result);

// bench:pdf — what a PDF export costs. (1) A Latin-only document (the kitchen-sink fixture and
// about 60 KB of prose, ~14 pages): file bytes, the first export in this process (which loads
// pdfkit and the DejaVu fonts) and the median of later ones, and the process's memory. (2) The
// same for one paragraph in each script (src/server/export/pdf-scripts.test-util.ts), whose
// first export also loads the fonts those scripts need. Prints figures with the load average;
// never fails on time. Run the Latin part alone with --only latin (a process that never sees
// another script).
import { chapter } from "./lib/chapter.js";
import { arg, machineLine, ms, summarize } from "./lib/stats.js";
import { KITCHEN_SINK } from "../src/shared/export/fixtures.js";
import type { DocNode } from "../src/shared/editor/schema.js";
import { docToPdf } from "../src/server/export/pdf.js";
import { scriptsDoc } from "../src/server/export/pdf-scripts.test-util.js";

const RUNS = Number(arg("runs", "10"));
const ONLY = arg("only", "");
const mb = (n: number) => `${(n / 2 ** 20).toFixed(1)} MB`;

async function measure(name: string, doc: DocNode) {
  const rss0 = process.memoryUsage().rss;
  let t = performance.now();
  const first = await docToPdf(doc, { title: name, now: new Date("2026-01-02T03:04:05Z") });
  const cold = performance.now() - t;
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    t = performance.now();
    await docToPdf(doc, { title: name, now: new Date("2026-01-02T03:04:05Z") });
    times.push(performance.now() - t);
  }
  const s = summarize(times);
  console.log(
    `${name}: ${first.length.toLocaleString("en")} bytes; first export ${ms(cold)}, later p50 ${ms(s.p50)} (max ${ms(s.max)}, ${RUNS} runs); rss ${mb(rss0)} → ${mb(process.memoryUsage().rss)}`,
  );
}

console.log(machineLine());
const latin: DocNode = { type: "doc", content: [...(KITCHEN_SINK.content ?? []), ...chapter(60_000).content] };
if (ONLY !== "mixed") await measure("Latin-only", latin);
if (ONLY !== "latin") await measure("mixed scripts", scriptsDoc());

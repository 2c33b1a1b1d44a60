// The editors of bench:collab, in their own process so that the server's CPU is measured
// alone. Each document gets its own editors; each editor types into its own paragraph at a
// steady rate (one insert of a short marked token per keystroke); every other editor of the
// document notes when each token arrives, from the inserted text of each change (not by
// re-reading the document). Prints one JSON line.
import { monitorEventLoopDelay } from "node:perf_hooks";
import * as Y from "yjs";
import { openEditor, type TestEditor } from "../../src/server/collab/provider.test-util.js";

interface Job {
  url: string;
  documentIds: string[];
  token: string;
  editorsPerDocument: number;
  seconds: number;
  keysPerSecond: number;
}

const job = JSON.parse(process.argv[2] ?? "{}") as Job;
const per = job.editorsPerDocument;
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Opened a document at a time, so a thousand connections do not all arrive at once.
const groups: TestEditor[][] = [];
for (const id of job.documentIds) {
  const group = Array.from({ length: per }, () => openEditor(job.url, id, job.token));
  groups.push(group);
  if (groups.length % 50 === 0) while (!groups.flat().every((e) => e.provider.isSynced)) await pause(50);
}
const editors = groups.flat();
while (!editors.every((e) => e.provider.isSynced)) await pause(50);

// One paragraph per editor, made by the first editor of each document so all see the same list.
for (const group of groups) {
  const first = group[0]!;
  first.doc.transact(() => {
    const fragment = first.doc.getXmlFragment("default");
    for (let i = 0; i < per; i++) {
      const paragraph = new Y.XmlElement("paragraph");
      paragraph.insert(0, [new Y.XmlText()]);
      fragment.insert(fragment.length, [paragraph]);
    }
  });
}
const ready = () => editors.every((e) => e.doc.getXmlFragment("default").length >= per);
while (!ready()) await pause(50);

const sentAt = new Map<string, number>();
const latencies: number[] = [];
/** Remote changes applied, all editors together (one per message the server sent that changed the text). */
let applied = 0;
for (const editor of editors) {
  editor.doc.getXmlFragment("default").observeDeep((events, transaction) => {
    if (transaction.local) return;
    applied++;
    const arrived = performance.now();
    for (const event of events) {
      for (const op of event.delta) {
        if (typeof op.insert !== "string") continue;
        for (const m of op.insert.matchAll(/k(\d+_\d+);/g)) {
          const at = sentAt.get(m[1]!);
          if (at !== undefined) latencies.push(arrived - at);
        }
      }
    }
  });
}

let sent = 0;
const interval = 1000 / job.keysPerSecond;
// The parent measures the server's CPU between these two lines.
process.stdout.write("TYPING\n");
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const cpuAtStart = process.cpuUsage();
const appliedAtStart = applied;
const started = performance.now();
await Promise.all(
  editors.map(async (editor, e) => {
    await pause((e * interval) / editors.length);
    const fragment = editor.doc.getXmlFragment("default");
    const paragraph = fragment.get(fragment.length - per + (e % per)) as Y.XmlElement;
    const text = paragraph.get(0) as Y.XmlText;
    for (let n = 0; performance.now() - started < job.seconds * 1000; n++) {
      const key = `${e}_${n}`;
      sentAt.set(key, performance.now());
      text.insert(text.length, `k${key};`);
      sent++;
      await pause(interval);
    }
  }),
);
await pause(1500);
loop.disable();
const cpu = process.cpuUsage(cpuAtStart);
const editorsCpuMs = (cpu.user + cpu.system) / 1000;
const remoteChanges = applied - appliedAtStart;
const delay = (n: number) => `${(n / 1e6).toFixed(1)} ms`;
const editorsLoop = `p50 ${delay(loop.percentile(50))}, p99 ${delay(loop.percentile(99))}, max ${delay(loop.max)}`;
process.stdout.write("DONE\n");
for (const e of editors) e.destroy();
// Exit only once the (large) line is written: a pipe write is asynchronous.
process.stdout.write(`${JSON.stringify({ latencies, sent, editorsLoop, editorsCpuMs, remoteChanges })}\n`, () => process.exit(0));

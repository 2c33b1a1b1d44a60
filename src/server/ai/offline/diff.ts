// Word-level diff between an original and a corrected text, reported as grammar changes
// (used when a language model returns only the corrected text).
import type { GrammarChange } from "../../../shared/contracts/ai.js";

interface Tok {
  text: string;
  offset: number;
}

function tokenize(s: string): Tok[] {
  const out: Tok[] = [];
  for (const m of s.matchAll(/\S+/g)) out.push({ text: m[0], offset: m.index ?? 0 });
  return out;
}

export function diffChanges(original: string, corrected: string): GrammarChange[] {
  const a = tokenize(original);
  const b = tokenize(corrected);
  if (a.length * b.length > 4_000_000) return []; // too big to diff cheaply; the text itself is still returned
  const lcs: Uint32Array[] = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i]!.text === b[j]!.text ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const changes: GrammarChange[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i]!.text === b[j]!.text) {
      i++;
      j++;
      continue;
    }
    const si = i;
    const sj = j;
    while ((i < a.length || j < b.length) && !(i < a.length && j < b.length && a[i]!.text === b[j]!.text)) {
      if (j >= b.length || (i < a.length && lcs[i + 1]![j]! >= lcs[i]![j + 1]!)) i++;
      else j++;
    }
    const orig = a.slice(si, i).map((t) => t.text).join(" ");
    const rep = b.slice(sj, j).map((t) => t.text).join(" ");
    changes.push({
      original: orig,
      replacement: rep,
      message: orig ? (rep ? `Replace "${orig}" with "${rep}".` : `Remove "${orig}".`) : `Insert "${rep}".`,
      kind: "Correction",
      offset: si < a.length ? a[si]!.offset : original.length,
    });
  }
  return changes;
}

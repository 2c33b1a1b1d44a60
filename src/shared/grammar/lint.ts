// One problem as a checker reports it, the same on the server (harper in its own process) and
// in the browser (harper in a Web Worker): plain data, so it crosses process and worker bounds.

/** One lint: harper's, or one of the app's own rules (agreement.ts). */
export interface PlainLint {
  /** harper's rule ("SpellCheck", "AnA", …) or ours ("PluralSubjectVerb", …). */
  rule: string;
  start: number;
  end: number;
  message: string;
  kind: string;
  /** harper's suggestions in its order, then (for spelling, on the server) known words within two edits. */
  suggestions: { kind: number; text: string; /** Edits from the original to a replacement, capped at 4. */ distance: number }[];
}

/** A check's answer: the lints and how often the text's words (and their inflections) occur. */
export interface CheckResult {
  lints: PlainLint[];
  /** Lower-cased word → occurrences in the frequency list (0: not in it). */
  freq: Record<string, number>;
}

// Grammar and spelling through harper.js (a WebAssembly grammar checker), run in a process
// of its own (grammar-checker.ts) so that loading it (≈2 s) and checking long texts never
// hold up other requests. The process starts with the first check and is stopped after
// GRAMMAR_IDLE_MS without one, so an idle server does not keep its ~0.3 GB.
import type { GrammarChange } from "../../../shared/contracts/ai.js";
import { looksEnglish, reviewLints } from "../../../shared/grammar/review.js";
import { GrammarChecker } from "./grammar-checker.js";

/** Five minutes: a writer checking paragraph after paragraph keeps it loaded. */
export const GRAMMAR_IDLE_MS = 5 * 60_000;

export const grammarChecker = new GrammarChecker({ idleMs: GRAMMAR_IDLE_MS });

export interface GrammarResult {
  correctedText: string;
  changes: GrammarChange[];
}

export { looksEnglish };

/**
 * Finds grammar and spelling problems, leaving alone paragraphs that are not English and the
 * spelling of names and identifiers. Every problem is listed with its candidates, best first;
 * only the certain ones are applied to `correctedText`, the rest are the writer's choice.
 */
export async function correctGrammar(text: string): Promise<GrammarResult> {
  const { lints, freq } = await grammarChecker.lint(text);
  const chosen = reviewLints(text, lints, freq);
  // Apply the certain ones from the end so offsets stay valid.
  let corrected = text;
  for (const e of [...chosen].reverse()) if (e.certain) corrected = corrected.slice(0, e.start) + e.insert + corrected.slice(e.end);
  return { correctedText: corrected, changes: chosen.map((e) => e.change) };
}

// "Never make text worse": a rule-based rewrite is proposed only when it changes something and
// the grammar checker finds nothing in it that it did not already find in the original (the
// same problem counted by its rule and its words, wherever it moved). Otherwise the original
// comes back unchanged, which the editor shows as "No changes suggested".
import { agreementLints } from "../../../shared/grammar/agreement.js";
import { grammarChecker } from "./grammar.js";

async function problems(text: string): Promise<Map<string, number>> {
  const { lints, freq } = await grammarChecker.lint(text);
  const counts = new Map<string, number>();
  for (const l of [...lints, ...agreementLints(text, freq)]) {
    const key = `${l.rule}:${text.slice(l.start, l.end).toLowerCase()}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return counts;
}

/** Whether `proposal` has a problem (by the checker's judgement) that `original` has not. */
export async function introducesProblem(original: string, proposal: string): Promise<boolean> {
  const [before, after] = await Promise.all([problems(original), problems(proposal)]);
  for (const [key, n] of after) if (n > (before.get(key) ?? 0)) return true;
  return false;
}

const same = (a: string, b: string) => a.replace(/\s+/g, " ").trim() === b.replace(/\s+/g, " ").trim();

/** `proposal` if it changes the text and adds no problem; else `original`, unchanged. */
export async function noWorse(original: string, proposal: string): Promise<string> {
  if (same(original, proposal)) return original;
  return (await introducesProblem(original, proposal)) ? original : proposal;
}

/** The proposals that change the text, differ from each other and add no problem. */
export async function noWorseAll(original: string, proposals: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const p of proposals) {
    if (same(original, p) || out.some((o) => same(o, p))) continue;
    if (!(await introducesProblem(original, p))) out.push(p);
  }
  return out;
}

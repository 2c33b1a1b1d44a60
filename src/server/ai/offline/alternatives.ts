// Distinct rephrasings built from different transformations of the same sentence(s).
import { REWRITE_STYLE_IDS } from "../../../shared/contracts/ai.js";
import { replacePhrases } from "./phrases.js";
import { rewriteWithStyle } from "./rewrite.js";
import { capitalizeFirst, lowerFirst, splitSentences, tidy } from "./text.js";

const SYNONYMS = {
  important: "significant",
  show: "reveal",
  shows: "reveals",
  use: "apply",
  uses: "applies",
  big: "large",
  small: "minor",
  fast: "quick",
  quickly: "rapidly",
  easy: "simple",
  hard: "difficult",
  start: "begin",
  starts: "begins",
  end: "finish",
  make: "create",
  makes: "creates",
  improve: "enhance",
  improves: "enhances",
  change: "alter",
  idea: "notion",
  ideas: "notions",
  problem: "issue",
  problems: "issues",
  goal: "aim",
  goals: "aims",
  often: "frequently",
  also: "as well",
  many: "numerous",
  need: "require",
  needs: "requires",
};

/** Moves a subordinate clause from the end to the front or back ("X because Y" ↔ "Because Y, X"). */
export function reorderClauses(text: string): string {
  return splitSentences(text)
    .map((s) => {
      const front = /^(Because|If|When|Although|While|Since|After|Before|Unless)\s+([^,]+),\s+(.+?)([.!?])?$/i.exec(s);
      if (front) return `${capitalizeFirst(front[3]!)} ${front[1]!.toLowerCase()} ${front[2]}${front[4] ?? ""}`;
      const back = /^(.+?)\s+(because|if|when|although|while|since|unless)\s+(.+?)([.!?])?$/i.exec(s);
      if (back && back[1]!.split(/\s+/).length >= 3 && back[3]!.split(/\s+/).length >= 2) {
        return `${capitalizeFirst(back[2]!)} ${back[3]}, ${lowerFirst(back[1]!.replace(/,$/, ""))}${back[4] ?? ""}`;
      }
      return s;
    })
    .join(" ");
}

const TRANSFORMS: Array<(t: string) => string> = [
  (t) => tidy(replacePhrases(t, SYNONYMS)),
  reorderClauses,
  ...REWRITE_STYLE_IDS.filter((s) => s !== "expand").map((s) => (t: string) => rewriteWithStyle(t, s)),
  (t) => tidy(reorderClauses(replacePhrases(t, SYNONYMS))),
];

/** Up to `count` variants, each different from the input and from each other. */
export function alternativesFor(text: string, count: number): string[] {
  const seen = new Set([norm(text)]);
  const out: string[] = [];
  for (const transform of TRANSFORMS) {
    const v = transform(text).trim();
    if (!v || seen.has(norm(v))) continue;
    seen.add(norm(v));
    out.push(v);
    if (out.length >= count) break;
  }
  return out;
}

function norm(s: string): string {
  return s.toLowerCase().replace(/[’']/g, "'").replace(/\s+/g, " ").trim();
}

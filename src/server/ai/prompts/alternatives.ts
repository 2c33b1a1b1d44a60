import { budgetFor, chat, dataBlock, type ChatPrompt } from "./common.js";

/** Used for both alternatives and rephrase: `count` distinct variants, one per line. */
export function buildAlternativesPrompt(text: string, count: number): ChatPrompt {
  return chat(
    `You are a writing assistant. Write ${count} distinct alternative phrasings of the user's text, each keeping its meaning and facts ` +
      `but differing in wording or structure. Reply with exactly ${count} lines, each of the form "N. <alternative>", and nothing else.`,
    `Give ${count} alternatives for this text.\n\n${dataBlock(text)}`,
    budgetFor(text, 1.5 * count),
    0.9,
  );
}

/** Reads "1. …" / "- …" lines from a model's answer. */
export function parseAlternatives(answer: string, count: number): string[] {
  const lines = answer
    .split("\n")
    .map((l) => l.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, "").replace(/^"(.*)"$/, "$1").trim())
    .filter(Boolean);
  return [...new Set(lines)].slice(0, count);
}

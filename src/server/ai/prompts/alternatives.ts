import { budgetFor, chat, type ChatPrompt } from "./common.js";

/** Used for both alternatives and rephrase: `count` distinct variants, one per line. */
export function buildAlternativesPrompt(text: string, count: number): ChatPrompt {
  return chat({
    system:
      "You are a writing assistant. You write distinct alternative phrasings of the writer's text, each keeping its meaning and facts " +
      'but differing in wording or structure. You reply with one alternative per line, each of the form "N. <alternative>", and nothing else.',
    data: [{ label: "Text", text }],
    instruction: `Give ${count} alternatives for the text above.`,
    maxTokens: budgetFor(text, 1.5 * count),
    temperature: 0.9,
  });
}

/** Reads "1. …" / "- …" lines from a model's answer. */
export function parseAlternatives(answer: string, count: number): string[] {
  const lines = answer
    .split("\n")
    .map((l) => l.replace(/^\s*(?:\d+[.)]|[-*•])\s*/, "").replace(/^"(.*)"$/, "$1").trim())
    .filter(Boolean);
  return [...new Set(lines)].slice(0, count);
}

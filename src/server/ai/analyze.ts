// POST /api/ai/analyze: readability measured locally (no model, no tokens), in both of the
// response forms (flat figures and the `analysis` object; AnalyzeResponse).
import type { AnalyzeResponse } from "../../shared/contracts/ai.js";
import { countWords, readingTimeMinutes } from "../../shared/editor/text.js";
import { analyzeReadability, readabilityScore, readabilitySuggestions } from "./offline/readability.js";

const POSITIVE = /\b(good|great|excellent|happy|love|enjoy|success|successful|benefit|improve|improved|wonderful|pleased|glad|best|win|easy)\b/gi;
const NEGATIVE = /\b(bad|poor|terrible|sad|hate|fail|failed|failure|problem|risk|difficult|worse|worst|angry|loss|wrong|broken)\b/gi;

export function analyzeText(text: string): AnalyzeResponse {
  const r = analyzeReadability(text);
  const suggestions = readabilitySuggestions(r);
  const score = readabilityScore(r);
  const pos = text.match(POSITIVE)?.length ?? 0;
  const neg = text.match(NEGATIVE)?.length ?? 0;
  const sentiment = pos > neg ? "positive" : neg > pos ? "negative" : "neutral";
  return {
    engine: "offline",
    readabilityScore: score,
    suggestions,
    wordCount: r.wordCount,
    estimatedReadingTime: readingTimeMinutes(countWords(text)),
    readability: r,
    analysis: {
      readability: score,
      sentiment,
      suggestions,
      improvements: [...r.longSentences.map((s) => `Long sentence: "${s}"`), ...r.passiveSentences.map((s) => `Passive voice: "${s}"`)],
    },
  };
}

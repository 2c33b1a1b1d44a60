// Readability analysis: Flesch reading ease and Flesch–Kincaid grade, sentence and word
// counts, long sentences and passive voice.
import { syllable } from "syllable";
import type { Readability } from "../../../shared/contracts/ai.js";
import { splitSentences, words } from "./text.js";

export const LONG_SENTENCE_WORDS = 25;

/** Syllables of an English word, by the syllable package (its rules and list of exceptions); 0 for a number. */
export function countSyllables(word: string): number {
  return syllable(word);
}

const BE = "(?:am|is|are|was|were|be|been|being)";
const IRREGULAR =
  "(?:written|done|made|given|taken|seen|known|shown|built|sent|found|held|kept|left|lost|paid|said|sold|told|thought|brought|bought|caught|taught|chosen|driven|eaten|forgotten|hidden|spoken|stolen|broken|frozen|begun|run|won|put|set|cut|hit|read|led|met|fed|understood|drawn|grown|thrown|worn|torn|born)";
const PASSIVE = new RegExp(`\\b${BE}(?:\\s+\\w+ly)?\\s+(?:\\w+ed|${IRREGULAR})\\b`, "i");

export function isPassive(sentence: string): boolean {
  return PASSIVE.test(sentence);
}

const round1 = (n: number) => Math.round(n * 10) / 10;

export function analyzeReadability(text: string): Readability {
  const sentences = splitSentences(text);
  const allWords = words(text);
  const sentenceCount = Math.max(sentences.length, allWords.length ? 1 : 0);
  const wordCount = allWords.length;
  const syllables = allWords.reduce((n, w) => n + countSyllables(w), 0);
  const wps = sentenceCount ? wordCount / sentenceCount : 0;
  const spw = wordCount ? syllables / wordCount : 0;
  const ease = wordCount ? 206.835 - 1.015 * wps - 84.6 * spw : 0;
  const grade = wordCount ? 0.39 * wps + 11.8 * spw - 15.59 : 0;
  return {
    fleschReadingEase: round1(Math.max(0, Math.min(100, ease))),
    fleschKincaidGrade: round1(Math.max(0, grade)),
    sentenceCount,
    wordCount,
    averageSentenceLength: round1(wps),
    longSentences: sentences.filter((s) => words(s).length > LONG_SENTENCE_WORDS),
    passiveSentences: sentences.filter(isPassive),
  };
}

/** Advice derived from the measurements (never generic filler). */
export function readabilitySuggestions(r: Readability): string[] {
  const out: string[] = [];
  if (r.longSentences.length) {
    out.push(
      `Split ${r.longSentences.length} long sentence${r.longSentences.length > 1 ? "s" : ""} (over ${LONG_SENTENCE_WORDS} words).`,
    );
  }
  if (r.passiveSentences.length) {
    out.push(
      `Consider active voice in ${r.passiveSentences.length} sentence${r.passiveSentences.length > 1 ? "s" : ""} written in the passive.`,
    );
  }
  if (r.wordCount > 0 && r.fleschReadingEase < 50) out.push("Use shorter words and sentences to make the text easier to read.");
  if (r.averageSentenceLength > 20) out.push(`Average sentence length is ${r.averageSentenceLength} words; aim for 15–20.`);
  return out;
}

/** Maps Flesch reading ease (0–100) to the 1–10 readability score the editor shows. */
export function readabilityScore(r: Readability): number {
  if (!r.wordCount) return 0;
  return Math.max(1, Math.min(10, Math.round(r.fleschReadingEase / 10)));
}

// Text utilities shared by the offline engine: sentences, words, casing.
import { createRequire } from "node:module";
import type WinkNlp from "wink-nlp";
import { STOPWORDS, words } from "../../../shared/grammar/words.js";

type Nlp = ReturnType<typeof WinkNlp>;

// wink-nlp's English model costs about 50 MB of memory and 90 ms to load, so it is loaded on
// the first sentence split, not with the server. createRequire keeps that load synchronous
// (the callers are) and out of the server bundle, which would otherwise evaluate it at start.
const loadPackage = createRequire(import.meta.url);
let nlp: Nlp | null = null;

function sentenceReader(): Nlp {
  if (!nlp) {
    const winkNlp = loadPackage("wink-nlp") as typeof WinkNlp;
    // Only sentence boundary detection: the other steps (tags, entities) are not used here.
    nlp = winkNlp(loadPackage("wink-eng-lite-web-model"), ["sbd"]);
  }
  return nlp;
}

/**
 * Splits text into sentences, keeping each sentence's own punctuation. wink-nlp finds the
 * boundaries, so abbreviations ("U.S.", "e.g.", "Dr."), initials and decimals do not end a
 * sentence; a line break always does.
 */
export function splitSentences(text: string): string[] {
  const out: string[] = [];
  for (const para of text.split(/\n+/)) {
    const trimmed = para.trim();
    if (!trimmed) continue;
    let end = 0;
    for (const sentence of sentenceReader().readDoc(trimmed).sentences().out()) {
      const start = trimmed.indexOf(sentence, end);
      if (start < 0) {
        // Not found as written (never seen): keep the sentence as the library gives it.
        out.push(sentence.trim());
        continue;
      }
      // A boundary with no space after it is inside a word ("example.com"), not between sentences.
      if (start === end && out.length && end > 0) out[out.length - 1] += sentence;
      else out.push(sentence);
      end = start + sentence.length;
    }
  }
  return out.map((s) => s.trim()).filter(Boolean);
}

export function splitParagraphs(text: string): string[] {
  return text
    .split(/\n\s*\n|\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

export { STOPWORDS, words };

export function contentWords(text: string): string[] {
  return words(text)
    .map((w) => w.toLowerCase())
    .filter((w) => w.length > 2 && !STOPWORDS.has(w));
}

export function capitalizeFirst(s: string): string {
  const i = s.search(/\p{L}/u);
  if (i < 0) return s;
  return s.slice(0, i) + s.charAt(i).toUpperCase() + s.slice(i + 1);
}

export function lowerFirst(s: string): string {
  // Keep "I", acronyms and proper-looking words (second letter upper) as they are.
  if (/^(I\b|[A-Z]{2,})/.test(s)) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}

/** Applies a replacement keeping the case of the matched text's first letter. */
export function matchCase(match: string, replacement: string): string {
  if (!replacement) return replacement;
  if (match.length > 1 && match === match.toUpperCase() && /\p{L}{2}/u.test(match)) return replacement.toUpperCase();
  if (/^\p{Lu}/u.test(match)) return capitalizeFirst(replacement);
  return replacement;
}

/** Collapses doubled spaces and fixes spacing around punctuation after rule edits. */
export function tidy(text: string): string {
  return text
    .trim()
    .replace(/[ \t]{2,}/g, " ")
    .replace(/ +([,.;:!?])/g, "$1")
    .replace(/,\s*,/g, ",")
    .replace(/([.!?])\s*,/g, "$1")
    .replace(/^\s*,\s*/gm, "")
    .replace(/(^\s*|[.!?]\s+)(\p{Ll})/gu, (_m, pre: string, c: string) => pre + c.toUpperCase())
    .replace(/ +\n/g, "\n")
    .trim();
}

// Extractive summary and outline: the document's own sentences, ranked by TextRank over
// content-word overlap, kept in their original order. Nothing is written that the text
// does not already say.
import { nearDuplicate, proseOf } from "./plain-text.js";
import { contentWords, splitSentences } from "./text.js";

function similarity(a: Set<string>, b: Set<string>): number {
  if (a.size < 1 || b.size < 1) return 0;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / (Math.log(a.size + 1) + Math.log(b.size + 1));
}

/** TextRank scores, one per sentence. */
export function rankSentences(sentences: string[]): number[] {
  const bags = sentences.map((s) => new Set(contentWords(s)));
  const n = sentences.length;
  const weights = bags.map((a, i) => bags.map((b, j) => (i === j ? 0 : similarity(a, b))));
  const outSum = weights.map((row) => row.reduce((x, y) => x + y, 0));
  let scores = new Array<number>(n).fill(1);
  for (let iter = 0; iter < 30; iter++) {
    scores = scores.map((_, i) => {
      let s = 0;
      for (let j = 0; j < n; j++) if (weights[j]![i]! > 0 && outSum[j]! > 0) s += (weights[j]![i]! / outSum[j]!) * scores[j]!;
      return 0.15 + 0.85 * s;
    });
  }
  // Tie-break towards earlier sentences (leads usually carry the topic) and sentences with content.
  return scores.map((s, i) => s + (bags[i]!.size ? 0 : -1) + (n - i) * 1e-6);
}

export function summaryLength(sentenceCount: number): number {
  if (sentenceCount <= 2) return sentenceCount;
  return Math.min(7, Math.max(1, Math.round(sentenceCount / 3)));
}

const HEADING_LINE = /^\s{0,3}#{1,6}\s/;

/** The document's sentences: its prose without Markdown, code or citation markers, headings left out. */
function proseSentences(text: string): string[] {
  const prose = proseOf(text)
    .split("\n")
    .filter((l) => !HEADING_LINE.test(l))
    .join("\n");
  return splitSentences(prose).filter((s) => /\p{L}/u.test(s));
}

/** The top-ranked sentences in document order, none nearly repeating another. */
export function extractiveSummary(text: string, maxSentences?: number): string {
  const sentences = proseSentences(text);
  if (sentences.length === 0) return "";
  const k = Math.min(sentences.length, maxSentences ?? summaryLength(sentences.length));
  const scores = rankSentences(sentences);
  const bags = sentences.map((s) => new Set(contentWords(s)));
  const top: number[] = [];
  for (const [, i] of scores.map((s, i) => [s, i] as const).sort((a, b) => b[0] - a[0])) {
    if (top.length >= k) break;
    if (top.some((j) => nearDuplicate(bags[i]!, bags[j]!))) continue;
    top.push(i);
  }
  return top
    .sort((a, b) => a - b)
    .map((i) => sentences[i])
    .join(" ");
}

const MARKDOWN_HEADING = /^(#{1,6})\s+(.+?)\s*#*$/;

/**
 * An outline in Markdown. From the document's headings when it has any (Markdown "#" lines),
 * otherwise one point per paragraph: that paragraph's highest-ranked sentence.
 */
export function extractiveOutline(text: string): string {
  const lines = text.split(/\n/).map((l) => l.trim());
  const headings = lines.map((l) => MARKDOWN_HEADING.exec(l)).filter((m): m is RegExpExecArray => !!m);
  if (headings.length >= 2) {
    const minLevel = Math.min(...headings.map((m) => m[1]!.length));
    return headings.map((m) => `${"  ".repeat(m[1]!.length - minLevel)}- ${m[2]}`).join("\n");
  }
  const paragraphs = proseOf(text)
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !MARKDOWN_HEADING.test(l) && /\p{L}/u.test(l));
  const points: string[] = [];
  const bags: Set<string>[] = [];
  const add = (sentence: string) => {
    const bag = new Set(contentWords(sentence));
    if (bags.some((b) => nearDuplicate(bag, b))) return;
    bags.push(bag);
    points.push(sentence);
  };
  if (paragraphs.length >= 2) {
    for (const p of paragraphs.slice(0, 12)) {
      const sentences = splitSentences(p);
      if (!sentences.length) continue;
      const scores = rankSentences(sentences);
      add(sentences[scores.indexOf(Math.max(...scores))]!);
    }
  } else {
    const summary = extractiveSummary(text, Math.min(6, Math.max(2, Math.ceil(proseSentences(text).length / 2))));
    for (const s of splitSentences(summary)) add(s);
  }
  const title = headings[0]?.[2];
  return [title ? `## ${title}` : null, ...points.map((p) => `- ${p}`)].filter(Boolean).join("\n");
}

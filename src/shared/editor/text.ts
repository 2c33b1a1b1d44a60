// Plain text and the derived stats from a document tree, without
// an editor instance: used by the server (text_content, AI) and the client's counters.
import { WORDS_PER_MINUTE } from "../limits.js";
import type { DocNode } from "./schema.js";
import { SUGGESTED_BREAK, SUGGESTION_INSERT } from "./suggestion-names.js";

// A footnote's number is not text (a reference holds none); its note's words are, read
// at the end where the notes stand.
// A to-do item's checkbox is not text: search and word counts read only the item's words.
const BLOCKS = new Set([
  "paragraph",
  "heading",
  "blockquote",
  "codeBlock",
  "listItem",
  "bulletList",
  "orderedList",
  "taskList",
  "taskItem",
  "horizontalRule",
  "image",
  // Each table cell ends a line, so words of neighbouring cells never run together.
  "table",
  "tableRow",
  "tableHeader",
  "tableCell",
  "footnotes",
  "footnote",
]);

/** A picture's alt text and caption, each on its line: search finds a picture by what it shows. */
function imageText(node: DocNode): string {
  const parts = [node.attrs?.alt, node.attrs?.caption].filter((v): v is string => typeof v === "string" && v.trim() !== "");
  return parts.length ? `\n${parts.join("\n")}\n` : "";
}

/** Words a pending suggestion would add: not the writer's text until accepted. */
function isSuggestedInsert(node: DocNode): boolean {
  return Array.isArray(node.marks) && node.marks.some((m) => m?.type === SUGGESTION_INSERT);
}

/**
 * Text of the document with a newline between blocks, read as exports read it
 * (without-suggestions.ts): words a pending suggestion would add are left out, words it
 * would remove stay. Done in the same walk, so a save pays no copy of the tree for it.
 */
export function docToPlainText(doc: DocNode | null | undefined): string {
  return tidyText(joinedText(doc));
}

/**
 * docToPlainText and its countWords. The words are counted in the text as joined, before
 * it is tidied: tidying only merges and trims white space, so the count is the same, and
 * the trimmed text is a slice of the joined one, which V8 reads character by character
 * more slowly (~20–30% for a save's 22 KB text).
 */
export function plainTextAndWords(doc: DocNode | null | undefined): { text: string; words: number } {
  return textAndWordsOfJoined(joinedText(doc));
}

/** Runs of two or more line breaks made one. */
export const mergeLineBreaks = (text: string) => text.replace(/\n{2,}/g, "\n");

/** The joined text as stored: runs of line breaks merged, white space trimmed at both ends. */
export const tidyText = (joined: string) => mergeLineBreaks(joined).trim();

/**
 * What a block's end adds to the joined text. Two line breaks (tidied to one), so a block that
 * starts after a suggested break can tell the end of the block before it from a hard break.
 */
export const BLOCK_END = "\n\n";

/** What a node adds to the joined text before its children: its own text, a line break, a picture's words. */
export function textBeforeChildren(node: DocNode, out: string[]): void {
  // A suggested paragraph break is not in the text until accepted: the block reads as joined
  // to the one before it, as exports read it (without-suggestions.ts).
  if (node.attrs?.[SUGGESTED_BREAK] && out[out.length - 1] === BLOCK_END) out.pop();
  if (node.type === "text") {
    if (!isSuggestedInsert(node)) out.push(node.text ?? "");
  } else if (node.type === "hardBreak") out.push("\n");
  else if (node.type === "image") out.push(imageText(node));
}

/** What a node adds after its children: a block ends its line. */
export function textAfterChildren(node: DocNode, out: string[]): void {
  if (BLOCKS.has(node.type) && out.length && !out[out.length - 1]!.endsWith("\n")) out.push(BLOCK_END);
}

/** The text as tidied and its word count, from the text as joined (see plainTextAndWords). */
export function textAndWordsOfJoined(joined: string): { text: string; words: number } {
  return { text: tidyText(joined), words: countWords(joined) };
}

function joinedText(doc: DocNode | null | undefined): string {
  if (!doc) return "";
  const out: string[] = [];
  appendText(doc, out);
  return out.join("");
}

/** Adds what `node` and its children put in the joined text to `out` (which holds what came before it). */
export function appendText(node: DocNode, out: string[]): void {
  textBeforeChildren(node, out);
  for (const child of node.content ?? []) appendText(child, out);
  textAfterChildren(node, out);
}

/** What stands between two blocks in an excerpt, so a heading never runs into the paragraph after it. */
export const EXCERPT_SEPARATOR = " · ";

/**
 * The start of a document's plain text (docToPlainText, or its stored text_content) as one
 * line of at most `max` characters: each block (a line of the text: a heading, a paragraph, a
 * list item, a table cell) with its white space collapsed, blocks joined by EXCERPT_SEPARATOR.
 * Only the text's first `max` characters are read, so the server can fetch just those
 * (left(text_content, max)) and get what a whole-text call gives.
 */
export function excerptOf(text: string, max: number): string {
  const blocks: string[] = [];
  for (const line of text.slice(0, max).split(/[\n\r\u2028\u2029]+/)) {
    const block = line.replace(/\s+/g, " ").trim();
    if (block) blocks.push(block);
  }
  let out = blocks.join(EXCERPT_SEPARATOR).slice(0, max).trimEnd();
  // A cut never leaves half a separator at the end.
  if (out.endsWith(" ·")) out = out.slice(0, -2).trimEnd();
  return out;
}

/**
 * Whether UTF-16 unit `c` is white space as the regular expression \s sees it: the
 * ECMAScript WhiteSpace and LineTerminator characters (text.test.ts checks every unit).
 */
function isSpace(c: number): boolean {
  if (c <= 32) return c === 32 || (c >= 9 && c <= 13);
  if (c < 0xa0) return false;
  return c === 0xa0 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x2028 || c === 0x2029 || c === 0x202f || c === 0x205f || c === 0x3000 || c === 0xfeff;
}

/** 1 for each UTF-16 unit that isSpace takes for white space, made on first use. */
let spaceTable: Uint8Array | null = null;

function spaces(): Uint8Array {
  if (!spaceTable) {
    spaceTable = new Uint8Array(0x10000);
    for (let c = 0; c < 0x10000; c++) spaceTable[c] = isSpace(c) ? 1 : 0;
  }
  return spaceTable;
}

/**
 * Runs of non-space characters, as `text.match(/\S+/g).length` counts them, without making
 * a string per word: every save counts a whole document's words (the regular expression
 * took ~110 µs for a 27 KB document, comparisons per character ~60 µs). A table lookup and
 * no branch per character (a word starts where a non-space follows a space) takes ~45 µs.
 */
export function countWords(text: string): number {
  const space = spaces();
  let words = 0;
  let before = 1;
  for (let i = 0; i < text.length; i++) {
    const s = space[text.charCodeAt(i)]!;
    words += before & (s ^ 1);
    before = s;
  }
  return words;
}

/**
 * countWords of `text` packed in one number, so that the counts of pieces can be added up
 * without reading the pieces again (blocks.ts): words × 4, plus 2 when its first unit is
 * not white space, plus 1 when its last is not.
 */
export function wordStats(text: string): number {
  if (text.length === 0) return 0;
  const space = spaces();
  return countWords(text) * 4 + (space[text.charCodeAt(0)]! ^ 1) * 2 + (space[text.charCodeAt(text.length - 1)]! ^ 1);
}

/** Reading time in minutes: words / 200, rounded up, at least 1. */
export function readingTimeMinutes(words: number): number {
  return Math.max(1, Math.ceil(words / WORDS_PER_MINUTE));
}

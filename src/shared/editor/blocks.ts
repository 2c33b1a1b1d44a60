// The save's content check for content sent as JSON text, one top-level block at a time, with
// the blocks of the document's previous save remembered by their exact JSON text. An
// autosave resends the whole document for an edit in one paragraph: the blocks it did not
// touch come back as the same text, and what validate.ts would make of them (the fitted
// node, its normalized JSON, its plain text and word count) is a function of that text
// alone, so it is taken from the previous save instead of being parsed, checked,
// serialized and counted again. Only the shape the editor writes is taken this way: the
// document exactly `{"type":"doc","content":[…]}`, every block decided by fit.ts, no
// attribute holding an object or a list, no escape that could hide a string that is not
// text. Anything else returns null and the whole document goes through validate.ts, which
// also gives every refusal its message. server/documents/content-blocks.test.ts holds the two
// to the same answers.
import type { NodeType } from "@tiptap/pm/model";
import { jsonEscapesAreText, jsonIsAllText } from "../contracts/text.js";
import { fitBlock, topNodeHasAttrs } from "./fit.js";
import { type DocNode, documentSchema } from "./schema.js";
import { appendText, BLOCK_END, mergeLineBreaks, wordStats } from "./text.js";
import { checkTree } from "./validate.js";

/** A checked block: its normalized node (frozen: later saves share it), that node's JSON, and what it adds to the joined text. */
export interface CheckedBlock {
  node: DocNode;
  type: NodeType;
  json: string;
  /** Whether `json` is the block's text as sent, character for character. */
  asSent: boolean;
  pieces: string[];
  /** wordStats of each piece. */
  stats: number[];
  /** The pieces joined with their runs of line breaks merged (text.ts mergeLineBreaks). */
  text: string;
}

/** A document's blocks in order, each with its JSON text as sent; false for a block validate.ts must decide. */
export type BlockMemo = { source: string; block: CheckedBlock | false }[];

export interface CheckedByBlocks {
  /** null: validate.ts must decide the whole document. */
  checked: { doc: DocNode; json: string; text: string; words: number } | null;
  /** This save's blocks (up to the first one validate.ts must decide), for the next save of the same document. */
  memo: BlockMemo;
}

const PREFIX = '{"type":"doc","content":[';
const SUFFIX = "]}";
const QUOTE = 34;
const BACKSLASH = 92;
const NEWLINE = 10;

/**
 * Where the block of `json` that starts at `from` ends: the index of the comma after it, or
 * `end`; -1 when the text is not a document's list of blocks there. Strings are skipped
 * whole (indexOf to the next quote not escaped), so only the structure between them is read
 * character by character. Every block is parsed on its own (or is the text of one parsed
 * before), so a split that went wrong on malformed text fails there.
 */
function blockEnd(json: string, from: number, end: number): number {
  let depth = 0;
  for (let i = from; i < end; i++) {
    const c = json.charCodeAt(i);
    if (c === QUOTE) {
      let close = i;
      for (;;) {
        close = json.indexOf('"', close + 1);
        if (close < 0 || close >= end) return -1;
        let slashes = 0;
        while (json.charCodeAt(close - 1 - slashes) === BACKSLASH) slashes++;
        if (slashes % 2 === 0) break;
      }
      i = close;
    } else if (c === 123 || c === 91) depth++;
    else if (c === 125 || c === 93) {
      if (--depth < 0) return -1;
    } else if (c === 44 && depth === 0) return i;
  }
  return depth === 0 ? end : -1;
}

/** The JSON texts of the blocks of `json` when it is exactly `{"type":"doc","content":[…]}` with at least one block, else null. */
export function splitBlocks(json: string): string[] | null {
  if (!json.startsWith(PREFIX) || !json.endsWith(SUFFIX) || json.length <= PREFIX.length + SUFFIX.length) return null;
  const end = json.length - SUFFIX.length;
  const blocks: string[] = [];
  for (let at = PREFIX.length; ; ) {
    const stop = blockEnd(json, at, end);
    if (stop < 0) return null;
    blocks.push(json.slice(at, stop));
    if (stop === end) return blocks;
    at = stop + 1;
  }
}

function deepFreeze<T>(value: T): T {
  if (typeof value === "object" && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

/** validate.ts's check of one block at the top of a document, or false when it would not decide it the same way alone. */
function checkBlock(source: string): CheckedBlock | false {
  let value: unknown;
  try {
    value = JSON.parse(source);
  } catch {
    return false;
  }
  const found = { nestedAttrs: false };
  // An attribute holding an object or a list needs the walk over every value (validate.ts).
  if (checkTree(value, found, 1) !== null || found.nestedAttrs) return false;
  const fitted = fitBlock(documentSchema(), value as DocNode);
  if (!fitted) return false;
  const pieces = textOf(fitted.node);
  if (!pieces) return false;
  // Serialized before it is frozen: JSON.stringify leaves its fast path for frozen objects.
  const json = JSON.stringify(fitted.node);
  return { node: deepFreeze(fitted.node), type: fitted.type, json, asSent: json === source, pieces, stats: pieces.map(wordStats), text: mergeLineBreaks(pieces.join("")) };
}

/** A list of text pieces that remembers how far down it was ever taken. */
class Pieces extends Array<string> {
  lowest = 0;
  override pop(): string | undefined {
    const piece = super.pop();
    if (this.length < this.lowest) this.lowest = this.length;
    return piece;
  }
}

/**
 * What a block adds to the joined text (text.ts) after a whole block, which leaves the text
 * empty or ending a line; null when that depends on the block before. text.ts reads only the
 * last piece: whether there is one and whether it ends a line (the same either way), and
 * whether it is a block end, which a suggested break takes off to join its block to the one
 * before. The block is read after a block end: if it takes that off, it is left to validate.ts.
 */
function textOf(node: DocNode): string[] | null {
  const out = new Pieces();
  out.push(BLOCK_END);
  out.lowest = 1;
  appendText(node, out);
  if (out.lowest < 1) return null;
  const pieces: string[] = [];
  for (let i = 1; i < out.length; i++) pieces.push(out[i]!);
  return pieces;
}

/**
 * validate.ts's answer for a document sent as JSON text (with checkContent's JSON text
 * for the database), or null when it is not in the shape this check takes. `previous`:
 * the memo of the same document's last save. `jsonChecked`: the request check has already
 * applied the text rules to `json` itself (content.ts).
 */
export function checkByBlocks(json: string, previous: BlockMemo | undefined, jsonChecked: boolean): CheckedByBlocks | null {
  if (!json.startsWith(PREFIX) || !json.endsWith(SUFFIX) || json.length <= PREFIX.length + SUFFIX.length) return null;
  const schema = documentSchema();
  if (topNodeHasAttrs(schema)) return null;
  // validate.ts's text check of the whole text, as it makes it for content sent as text.
  if (!(jsonChecked ? jsonEscapesAreText(json) : jsonIsAllText(json))) return null;
  const memo: BlockMemo = [];
  const whole = { checked: null, memo };
  const nodes: DocNode[] = [];
  const jsons: string[] = [];
  const pieces: string[] = [];
  const stats: number[] = [];
  // tidyText of the joined pieces, from the blocks' merged texts: a run of line breaks that
  // ends one block's text and starts the next one's is one run, merged to a single break.
  const texts: string[] = [];
  let endsLine = false;
  // Whether every block's normalized JSON is its text as sent: the document's is then the text itself.
  let asSent = true;
  let match = schema.topNodeType.contentMatch;
  const end = json.length - SUFFIX.length;
  // The previous save's blocks are looked for where they stood, or one further on (a block
  // deleted before): an unchanged block is compared, not scanned. (A slice compared with ===
  // is a memory comparison; startsWith at an offset reads character by character, 6× slower.)
  const before = previous ?? [];
  let next = 0;
  for (let at = PREFIX.length; ; ) {
    let known: BlockMemo[number] | undefined;
    for (let k = next; k < next + 2 && k < before.length; k++) {
      const source = before[k]!.source;
      const stop = at + source.length;
      if ((stop === end || (stop < end && json.charCodeAt(stop) === 44)) && json.slice(at, stop) === source) {
        known = before[k];
        next = k + 1;
        break;
      }
    }
    let stop: number;
    if (known) stop = at + known.source.length;
    else {
      stop = blockEnd(json, at, end);
      if (stop < 0) return null;
      const slice = json.slice(at, stop);
      // Kept as a copy (V8 makes the joined string flat before slicing it): a slice would keep
      // this save's whole text alive as long as the block is remembered.
      known = { source: ` ${slice}`.slice(1), block: checkBlock(slice) };
    }
    memo.push(known);
    const block = known.block;
    if (block === false) return whole;
    const matched = match.matchType(block.type);
    if (!matched) return whole;
    match = matched;
    // After a whole block the text is empty or ends a line (textOf); checked, not assumed.
    if (pieces.length > 0 && !pieces[pieces.length - 1]!.endsWith("\n")) return whole;
    for (let i = 0; i < block.pieces.length; i++) {
      pieces.push(block.pieces[i]!);
      stats.push(block.stats[i]!);
    }
    const text: string = endsLine && block.text.charCodeAt(0) === NEWLINE ? block.text.slice(1) : block.text;
    if (text.length > 0) {
      texts.push(text);
      endsLine = text.charCodeAt(text.length - 1) === NEWLINE;
    }
    nodes.push(block.node);
    jsons.push(block.json);
    asSent &&= block.asSent;
    if (stop === end) break;
    at = stop + 1;
  }
  if (!match.validEnd) return whole;
  // countWords of the joined text from the pieces' counts: a word that runs on from one
  // piece into the next was counted in both.
  let words = 0;
  let endsInWord = false;
  for (let i = 0; i < pieces.length; i++) {
    if (pieces[i]!.length === 0) continue;
    const s = stats[i]!;
    words += s >> 2;
    if (endsInWord && s & 2) words--;
    endsInWord = (s & 1) === 1;
  }
  // The blocks lie one after the other, a comma apart, between PREFIX and SUFFIX. Otherwise
  // the ends go on the first and last block before the join, which then makes the whole text
  // in one piece (wrapped around the joined blocks, it would be copied again when sent).
  if (!asSent) {
    jsons[0] = PREFIX + jsons[0];
    jsons[jsons.length - 1] += SUFFIX;
  }
  const checked = { doc: { type: "doc", content: nodes }, json: asSent ? json : jsons.join(","), text: texts.join("").trim(), words };
  return { checked, memo };
}

// Reading tables from Markdown (markdown-it): GFM pipe tables through markdown-it's own
// "table" rule, a <br> in a cell as a line break, and — for the file import only
// (src/server/import/convert-markdown.ts, which has an HTML reader) — an HTML <table> block,
// the form the Markdown export writes for tables GFM cannot hold (table-markdown.ts).
import type { Token } from "markdown-it";

/** The markdown-it tokens around a table's rows that make no node. */
export const TABLE_SECTION_TOKENS = new Set(["thead_open", "thead_close", "tbody_open", "tbody_close"]);

const CELL_ALIGN = /text-align:\s*(left|center|right)/;

/** The cell a th_open / td_open token opens (its column's GFM alignment kept), or null. */
export function tableCellOf(token: Token): { type: "tableHeader" | "tableCell"; attrs?: Record<string, unknown> } | null {
  if (token.type !== "th_open" && token.type !== "td_open") return null;
  const type = token.type === "th_open" ? "tableHeader" : "tableCell";
  const align = CELL_ALIGN.exec(String(token.attrGet("style") ?? ""))?.[1];
  return align ? { type, attrs: { align } } : { type };
}

const BR = /^<br\s*\/?>/i;

/** <br>, <br/> and <br /> as a hard line break (how a line break is written in a GFM table cell). An inline rule. */
export function brTag(state: { src: string; pos: number; push(type: string, tag: string, nesting: number): Token }, silent: boolean): boolean {
  if (state.src.charCodeAt(state.pos) !== 0x3c) return false;
  const match = BR.exec(state.src.slice(state.pos, state.pos + 8));
  if (!match) return false;
  if (!silent) state.push("hardbreak", "br", 0);
  state.pos += match[0].length;
  return true;
}

interface BlockState {
  src: string;
  bMarks: number[];
  eMarks: number[];
  tShift: number[];
  sCount: number[];
  blkIndent: number;
  line: number;
  push(type: string, tag: string, nesting: number): Token;
  getLines(begin: number, end: number, indent: number, keepLastLF: boolean): string;
  isEmpty(line: number): boolean;
}

const TABLE_OPEN = /<table(?=[\s>/])/gi;
const TABLE_CLOSE = /<\/table\s*>/gi;
const count = (re: RegExp, text: string) => text.match(re)?.length ?? 0;

/**
 * A block rule: from a line opening with <table to the line where the tables opened are all
 * closed, or to a blank line (where CommonMark ends an HTML block), as one "html_table" token.
 */
export function htmlTableBlock(state: BlockState, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount[startLine]! - state.blkIndent >= 4) return false;
  const lineText = (line: number) => state.src.slice(state.bMarks[line]! + state.tShift[line]!, state.eMarks[line]);
  if (!/^<table(?=[\s>/]|$)/i.test(lineText(startLine))) return false;
  if (silent) return true;
  let depth = 0;
  let line = startLine;
  while (line < endLine && !state.isEmpty(line)) {
    const text = lineText(line);
    depth += count(TABLE_OPEN, text) - count(TABLE_CLOSE, text);
    line++;
    if (depth <= 0) break;
  }
  state.line = line;
  const token = state.push("html_table", "", 0);
  token.map = [startLine, line];
  token.content = state.getLines(startLine, line, state.blkIndent, true);
  return true;
}

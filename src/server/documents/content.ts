// Checks incoming document content: size first (before parsing anything large), then the
// shared editor schema. Returns the normalized tree and its plain text for text_content.
import { DOCUMENT_MAX_BYTES } from "../../shared/limits.js";
import { type DocNode, EMPTY_DOC } from "../../shared/editor/schema.js";
import { type BlockMemo, checkByBlocks } from "../../shared/editor/blocks.js";
import { validateDocWithText } from "../../shared/editor/validate.js";
import { badRequest, tooLarge } from "../http/index.js";

export interface CheckedContent {
  doc: DocNode;
  text: string;
  /** The normalized tree as JSON, serialized once for the database and the response. */
  json: string;
  /** Words in `text`, kept beside it for the dashboard's list. */
  words: number;
}

const MAX_MB = Math.round(DOCUMENT_MAX_BYTES / (1024 * 1024));

function isEmptyDoc(value: unknown): boolean {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  const keys = Object.keys(v).filter((k) => v[k] !== undefined);
  const onlyKnown = keys.every((k) => k === "type" || k === "content");
  return onlyKnown && v.type === "doc" && (v.content === undefined || (Array.isArray(v.content) && v.content.length === 0));
}

/**
 * A request body the request check (http/validate.ts) has walked: every string in it is text
 * and it nests within MAX_INPUT_DEPTH, so the content inside it does too. `bytes` is its
 * length as sent (Content-Length; bodies are never compressed, http/compression.ts).
 */
export interface CheckedBody {
  bytes: number;
}

/**
 * Re-serializing a parsed value can lengthen it only through numbers ("1e20" comes back
 * as 21 digits, 5.25 times as long; escapes and white space only shrink): content from a
 * body this many times smaller than the limit cannot be over it, and is not serialized to
 * measure it.
 */
const MAX_GROWTH = 6;

/**
 * The blocks of a document's previous save (block-memos.ts): content sent as text is then
 * checked block by block, and the blocks it sends again unchanged are not checked again.
 */
export interface PreviousBlocks {
  memo: BlockMemo | undefined;
  keep(memo: BlockMemo): void;
}

export function checkContent(input: string | Record<string, unknown>, body?: CheckedBody, blocks?: PreviousBlocks): CheckedContent {
  let value: unknown = input;
  let serialized: string | undefined;
  // Whether the request check already settled that every string is text (see CheckedBody),
  // or that the content's JSON text is: then only its escapes could hide a string that is not.
  let textChecked = false;
  const jsonChecked = typeof input === "string" && body !== undefined;
  if (typeof input === "string") {
    // A UTF-16 unit is at most 3 UTF-8 bytes, so only a long text needs measuring.
    if (input.length * 3 > DOCUMENT_MAX_BYTES && Buffer.byteLength(input, "utf8") > DOCUMENT_MAX_BYTES) throw tooLarge(`Document content must be at most ${MAX_MB} MB`);
    serialized = input;
    if (blocks) {
      const byBlocks = checkByBlocks(input, blocks.memo, body !== undefined);
      if (byBlocks) blocks.keep(byBlocks.memo);
      if (byBlocks?.checked) return byBlocks.checked;
    }
    try {
      value = JSON.parse(input);
    } catch {
      throw badRequest("content is not valid JSON");
    }
  } else if (body && body.bytes * MAX_GROWTH <= DOCUMENT_MAX_BYTES) {
    // The tree the body parser made is checked as it is, without serializing it again.
    textChecked = true;
  } else {
    serialized = JSON.stringify(input);
    if (Buffer.byteLength(serialized, "utf8") > DOCUMENT_MAX_BYTES) throw tooLarge(`Document content must be at most ${MAX_MB} MB`);
  }
  // The spec's empty document is the root with no children; ProseMirror's doc node needs a
  // block, so it is accepted here as is rather than by the schema check.
  if (isEmptyDoc(value)) return { doc: EMPTY_DOC, text: "", json: JSON.stringify(EMPTY_DOC), words: 0 };
  const result = validateDocWithText(value, serialized, { textChecked, jsonChecked });
  if (!result.ok) throw badRequest(result.message);
  return { doc: result.doc, text: result.text, json: JSON.stringify(result.doc), words: result.words };
}

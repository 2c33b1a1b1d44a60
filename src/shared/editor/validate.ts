// Validates document content against the shared schema before it is stored: known node
// and mark types only, well-formed nesting, safe attribute values (they end up in HTML
// and CSS on export) and links within the allowed schemes.
import { describeInputProblem, findInputProblem, jsonEscapesAreText, jsonIsAllText, MAX_INPUT_DEPTH } from "../contracts/text.js";
import { isCommentAnchorId } from "./comment-anchor.js";
import { TEXT_ALIGNMENTS } from "./formatting.js";
import { isAllowedHref } from "./links.js";
import { ORDERED_LIST_START_LIMIT } from "../limits.js";
import { CODE_LANGUAGE_RULE, codeLanguage } from "./nodes/code-languages.js";
import { FOOTNOTE_ID } from "./nodes/footnote-id.js";
import { isHeadingLevel } from "./nodes/heading.js";
import { checkImageAttrs } from "./nodes/image.js";
import { checkTableCellAttrs } from "./nodes/table-attrs.js";
import { fitToSchema } from "./fit.js";
import { checkSuggestedBreak, SUGGESTED_BREAK } from "./suggested-break.js";
import { type DocNode, documentSchema } from "./schema.js";
import { plainTextAndWords, textAndWordsOfJoined } from "./text.js";
import { SUGGESTION_AUTHOR, SUGGESTION_AUTHOR_NAME_MAX, SUGGESTION_DELETE, SUGGESTION_INSERT, SUGGESTION_TIME } from "./suggestion-names.js";

export const MAX_DOC_DEPTH = 64;

type Result = { ok: true; doc: DocNode } | { ok: false; message: string };

const COLOR = /^(#[0-9a-f]{3,8}|rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(,\s*(0|1|0?\.\d+)\s*)?\)|[a-z]{3,20})$/i;
const FONT_FAMILY = /^[a-z0-9 ,'"-]{1,100}$/i;
const FONT_SIZE = /^\d{1,3}(\.\d{1,2})?(px|pt|em|rem|%)$/;

/** Why attribute values of node or mark `kind` are refused (null when they are fine): the same rule for stored content and live changes. */
export function checkAttrs(kind: string, attrs: Record<string, unknown> | undefined): string | null {
  if (!attrs) return null;
  const str = (k: string, re: RegExp) => {
    const v = attrs[k];
    if (v === null || v === undefined) return null;
    return typeof v === "string" && re.test(v) ? null : `${kind}.${k} has an unsupported value`;
  };
  switch (kind) {
    case "heading": {
      const level = attrs.level;
      if (level !== undefined && !isHeadingLevel(level)) return "heading.level must be a whole number from 1 to 6";
      break;
    }
    case "taskItem": {
      const checked = attrs.checked;
      if (checked !== undefined && checked !== null && typeof checked !== "boolean") return "taskItem.checked must be true or false";
      break;
    }
    case "image":
      return checkImageAttrs(attrs);
    case "tableCell":
    case "tableHeader":
      return checkTableCellAttrs(kind, attrs);
    case "codeBlock": {
      // Any language word within the safe rule, in lower case (nodes/code-languages.ts), or none.
      const language = attrs.language;
      if (language !== undefined && language !== null && codeLanguage(language) !== language) return `codeBlock.language must be ${CODE_LANGUAGE_RULE}`;
      break;
    }
    case "footnoteReference":
    case "footnote": {
      const id = attrs.id;
      if (id !== undefined && id !== null && !(typeof id === "string" && FOOTNOTE_ID.test(id))) return `${kind}.id must be 1 to 64 letters, digits, "-" or "_"`;
      break;
    }
    case "orderedList": {
      const start = attrs.start;
      if (start !== undefined && start !== null && !(Number.isInteger(start) && (start as number) >= 0 && (start as number) < ORDERED_LIST_START_LIMIT)) {
        return "orderedList.start must be a whole number from 0 to 999,999,999";
      }
      break;
    }
    case "link":
      if (!isAllowedHref(attrs.href)) return "link.href uses a scheme that is not allowed";
      if (attrs.target !== undefined && attrs.target !== null && !["_blank", "_self"].includes(attrs.target as string)) {
        return "link.target has an unsupported value";
      }
      break;
    case "textStyle":
      return str("color", COLOR) ?? str("fontFamily", FONT_FAMILY) ?? str("fontSize", FONT_SIZE);
    case "comment":
      // A comment mark always names its thread (src/shared/editor/marks/comment.ts).
      return isCommentAnchorId(attrs.threadId) ? null : "comment.threadId has an unsupported value";
    case SUGGESTION_INSERT:
    case SUGGESTION_DELETE:
      return checkSuggestionAttrs(kind, attrs);
    default:
      break;
  }
  if ((kind === "paragraph" || kind === "heading") && attrs.textAlign != null) {
    if (!(TEXT_ALIGNMENTS as readonly unknown[]).includes(attrs.textAlign)) return `${kind}.textAlign has an unsupported value`;
  }
  if ((kind === "paragraph" || kind === "heading") && attrs[SUGGESTED_BREAK] != null) return checkSuggestedBreak(kind, attrs[SUGGESTED_BREAK]);
  return null;
}

/** A person's suggestion names its author (a user id, or none for a Word author), the name shown and when. */
function checkSuggestionAttrs(kind: string, attrs: Record<string, unknown>): string | null {
  const { author, authorName, createdAt } = attrs;
  if (author != null && !(typeof author === "string" && SUGGESTION_AUTHOR.test(author))) return `${kind}.author has an unsupported value`;
  if (authorName != null && !(typeof authorName === "string" && authorName.length <= SUGGESTION_AUTHOR_NAME_MAX)) return `${kind}.authorName must be a name of at most ${SUGGESTION_AUTHOR_NAME_MAX} characters`;
  if (createdAt != null && !(typeof createdAt === "string" && SUGGESTION_TIME.test(createdAt))) return `${kind}.createdAt must be an ISO time`;
  return null;
}

/** Whether any attribute value is an object or a list (none of the schema's is; a hostile one may nest deep). */
const hasNestedValue = (attrs: unknown) => Object.values(attrs as Record<string, unknown>).some((v) => typeof v === "object" && v !== null);

/**
 * Walks the tree iteratively (a hostile document may be deeper than the call stack).
 * `nestedAttrs` is set when an attribute holds an object or a list: the tree's depth
 * limit then says nothing about the JSON's. `depth`: where `root` stands in its document
 * (a top-level block checked on its own stands at 1, blocks.ts).
 */
export function checkTree(root: unknown, found: { nestedAttrs: boolean }, depth = 0): string | null {
  const stack: { node: unknown; depth: number }[] = [{ node: root, depth }];
  while (stack.length) {
    const { node, depth } = stack.pop()!;
    if (depth > MAX_DOC_DEPTH) return `content is nested deeper than ${MAX_DOC_DEPTH} levels`;
    if (typeof node !== "object" || node === null || Array.isArray(node)) return "every node must be an object";
    const n = node as Record<string, unknown>;
    if (typeof n.type !== "string") return "every node needs a type";
    if (n.attrs !== undefined && (typeof n.attrs !== "object" || n.attrs === null || Array.isArray(n.attrs))) {
      return `${n.type}.attrs must be an object`;
    }
    const attrError = checkAttrs(n.type, n.attrs as Record<string, unknown> | undefined);
    if (attrError) return attrError;
    if (n.attrs !== undefined && hasNestedValue(n.attrs)) found.nestedAttrs = true;
    if (n.marks !== undefined) {
      if (!Array.isArray(n.marks)) return `${n.type}.marks must be a list`;
      for (const m of n.marks) {
        if (typeof m !== "object" || m === null || typeof (m as { type?: unknown }).type !== "string") return "every mark needs a type";
        const mark = m as { type: string; attrs?: unknown };
        if (mark.attrs !== undefined && (typeof mark.attrs !== "object" || mark.attrs === null)) return `${mark.type}.attrs must be an object`;
        const markError = checkAttrs(mark.type, mark.attrs as Record<string, unknown> | undefined);
        if (markError) return markError;
        if (mark.attrs !== undefined && hasNestedValue(mark.attrs)) found.nestedAttrs = true;
      }
    }
    if (n.content !== undefined) {
      if (!Array.isArray(n.content)) return `${n.type}.content must be a list`;
      for (const child of n.content) stack.push({ node: child, depth: depth + 1 });
    }
  }
  return null;
}

type TextResult = { ok: true; doc: DocNode; text: string; words: number } | { ok: false; message: string };

/**
 * What the caller has already checked. `textChecked`: the text and nesting rules on every
 * value of a tree (the server's request check did, for a tree sent as an object).
 * `jsonChecked`: the text rules on the JSON text itself (the request check did, for content
 * sent as a string), so only its escapes are left to look at.
 */
interface Checked {
  textChecked?: boolean;
  jsonChecked?: boolean;
}

/**
 * `json`, when the caller has it, is the JSON text of `input` (the autosave sends content
 * as text): one scan of it then stands in for looking at every string of the tree.
 * `textChecked` says the caller has already applied the text and nesting rules to every
 * value of `input` (the server's request check did, for a tree sent as an object).
 */
export function validateDocContent(input: unknown, json?: string, opts: { textChecked?: boolean } = {}): Result {
  const result = checkDocument(input, json, opts);
  return result.ok ? { ok: true, doc: result.doc } : result;
}

/** validateDocContent, with the document's plain text and word count (text.ts) from the same walk when it can. */
export function validateDocWithText(input: unknown, json?: string, opts: Checked = {}): TextResult {
  return withText(checkDocument(input, json, opts));
}

/** validateDocWithText with every schema question put to ProseMirror: what fit.ts must agree with (fit.test.ts). */
export function validateDocWithProseMirror(input: unknown): TextResult {
  return withText(checkDocument(input, undefined, {}, false));
}

function withText(result: ReturnType<typeof checkDocument>): TextResult {
  if (!result.ok) return result;
  const { text, words } = result.joined !== null ? textAndWordsOfJoined(result.joined) : plainTextAndWords(result.doc);
  return { ok: true, doc: result.doc, text, words };
}

function checkDocument(input: unknown, json: string | undefined, opts: Checked, fit = true): { ok: true; doc: DocNode; joined: string | null } | { ok: false; message: string } {
  let value = input;
  let text = json;
  if (typeof value === "string") {
    text = value;
    try {
      value = JSON.parse(value);
    } catch {
      return { ok: false, message: "content is not valid JSON" };
    }
  }
  const found = { nestedAttrs: false };
  const treeError = checkTree(value, found);
  if (treeError) return { ok: false, message: treeError };
  // Content may arrive as a JSON string, which the request check could not look inside:
  // every string must be text (no NUL, no lone surrogate) and no attribute may nest deep
  // enough to overflow the serializer. Node depth is bounded by checkTree, so unless an
  // attribute nests, a clean scan of the text settles it; otherwise walk every value.
  const textFine = (json: string) => (opts.jsonChecked ? jsonEscapesAreText(json) : jsonIsAllText(json));
  const certainlyFine = opts.textChecked === true || (text !== undefined && !found.nestedAttrs && textFine(text));
  const inputProblem = certainlyFine ? null : findInputProblem(value, MAX_INPUT_DEPTH);
  if (inputProblem) return { ok: false, message: describeInputProblem(inputProblem, "content") };
  if ((value as DocNode).type !== "doc") return { ok: false, message: "content must be a doc node" };
  // The spec's empty document is a doc with no children; ProseMirror's schema wants one
  // block, so it is accepted as it is rather than run through the schema check.
  const children = (value as DocNode).content;
  if (children === undefined || (Array.isArray(children) && children.length === 0)) return { ok: true, doc: { type: "doc", content: [] }, joined: "" };
  // The shapes the editor writes are decided by one walk over the tree (fit.ts); the rest,
  // refusals included, by ProseMirror itself, whose answer the walk copies exactly.
  const fitted = fit ? fitToSchema(documentSchema(), value as DocNode) : null;
  if (fitted) return { ok: true, doc: fitted.doc, joined: fitted.joined };
  const checked = checkWithProseMirror(value);
  return checked.ok ? { ...checked, joined: null } : checked;
}

/** ProseMirror's own check and normalized JSON of a tree that passed checkTree. */
function checkWithProseMirror(value: unknown): Result {
  try {
    const node = documentSchema().nodeFromJSON(value);
    node.check();
    return { ok: true, doc: node.toJSON() as DocNode };
  } catch (err) {
    return { ok: false, message: `content does not fit the document schema: ${(err as Error).message}` };
  }
}

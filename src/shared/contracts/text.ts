// What counts as text in a request, and how deep a request may nest. One rule for every
// field of every route (the server's request check in src/server/http/validate.ts, the
// document validator in src/shared/editor/validate.ts and the user-metadata contract in
// ./auth.ts all use it):
//
// - A string containing U+0000 (NUL) is not text: PostgreSQL cannot store it in text or
//   jsonb, and no editor produces it. Refused, never silently stripped.
// - A lone UTF-16 surrogate (half of an emoji, "\udc00") is not text either: it has no
//   UTF-8 form, so it would be stored as U+FFFD and come back changed. Refused.
// - Everything else is text and is kept exactly: a BOM, RTL/LTR marks, zero-width joiners,
//   emoji and other 4-byte characters round-trip unchanged.
// - Nesting is walked with an explicit stack (never recursion, which a hostile body can
//   overflow) and is capped: deeper than the cap is a 400, not a stack overflow.
import type { z } from "zod";

/**
 * Deepest JSON nesting a request body may have. A document at the editor's deepest
 * (64 nested nodes, src/shared/editor/validate.ts) is about 2 levels per node (the node
 * and its `content` list) plus marks and attributes, so 160 leaves room for it and for
 * nothing absurd.
 */
export const MAX_INPUT_DEPTH = 160;

/** Deepest nesting of a user's metadata object (`data` of sign-up and PUT /auth/v1/user). */
export const MAX_METADATA_DEPTH = 16;

// With the u flag \p{Cs} matches only a surrogate that is not part of a pair.
const NOT_TEXT = /[\u0000\p{Cs}]/u;

// In JSON text, a string that is not text can only show as a raw lone surrogate or as an
// escape of NUL or of a surrogate (JSON forbids a raw NUL, and JSON.stringify escapes a lone
// surrogate). Escaped pairs and an escaped backslash before "u0000" also match: then the
// caller walks the value for the exact place.
const MAYBE_NOT_TEXT_IN_JSON = /\\u0000|\\u[dD][89a-fA-F]|\p{Cs}/u;

/**
 * Whether every string in the value that `json` encodes (keys included) is certainly text:
 * one scan of the JSON text instead of a look at each string. False means "walk it"
 * (findInputProblem), not "refuse it".
 */
export function jsonIsAllText(json: string): boolean {
  return !MAYBE_NOT_TEXT_IN_JSON.test(json);
}

const MAYBE_NOT_TEXT_ESCAPE = /\\u0000|\\u[dD][89a-fA-F]/;

/**
 * jsonIsAllText for JSON text that is itself text (the request check walked it as a string):
 * then only an escape can make a string in it that is not, and most texts have no "\u" at all.
 */
export function jsonEscapesAreText(json: string): boolean {
  return !json.includes("\\u") || !MAYBE_NOT_TEXT_ESCAPE.test(json);
}

/**
 * String.prototype.isWellFormed (no lone surrogate), where the runtime has it (Node 20, current
 * browsers): V8 answers it without reading a one-byte string, which the regular expression
 * reads unit by unit (~110 µs for an autosave's 26 KB content text, ~1 ms once it holds one
 * character outside Latin-1).
 */
const isWellFormed = (String.prototype as { isWellFormed?: () => boolean }).isWellFormed;

/** Why a string is not text, or null when it is. */
export function textProblem(value: string): string | null {
  if (isWellFormed?.call(value) && !value.includes("\u0000")) return null;
  const bad = NOT_TEXT.exec(value);
  if (!bad) return null;
  const ch = bad[0];
  if (ch === "\u0000") return "text must not contain the NUL character (U+0000)";
  const hex = ch.charCodeAt(0).toString(16).toUpperCase();
  return `text must not contain an unpaired surrogate (U+${hex}); send well-formed Unicode`;
}

export interface InputProblem {
  /** Dotted path of the offending field ("title", "content.content.0.text"); "" for the root. */
  path: string;
  message: string;
}

interface Frame {
  value: unknown;
  depth: number;
  key: string | null;
  parent: Frame | null;
}

const MAX_PATH_SHOWN = 8;

function pathOf(frame: Frame): string {
  const keys: string[] = [];
  for (let f: Frame | null = frame; f; f = f.parent) if (f.key !== null) keys.push(f.key);
  keys.reverse();
  // A path 160 levels deep is no help to anyone; its start says where it went wrong.
  return keys.length > MAX_PATH_SHOWN ? `${keys.slice(0, MAX_PATH_SHOWN).join(".")}…` : keys.join(".");
}

/**
 * Walks a parsed JSON value without recursion and returns the first string that is not
 * text (keys included) or the first place nested deeper than maxDepth. Depth counts
 * objects and arrays: `"x"` is 0, `{"a":"x"}` is 1.
 */
export function findInputProblem(root: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const stack: Frame[] = [{ value: root, depth: 0, key: null, parent: null }];
  while (stack.length > 0) {
    const frame = stack.pop()!;
    const { value } = frame;
    if (typeof value === "string") {
      const problem = textProblem(value);
      if (problem) return { path: pathOf(frame), message: problem };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    const depth = frame.depth + 1;
    if (depth > maxDepth) return { path: pathOf(frame), message: `nesting is deeper than ${maxDepth} levels` };
    if (Array.isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--) stack.push({ value: value[i], depth, key: String(i), parent: frame });
      continue;
    }
    const keys = Object.keys(value);
    for (let i = keys.length - 1; i >= 0; i--) {
      const key = keys[i]!;
      const keyProblem = textProblem(key);
      if (keyProblem) return { path: pathOf(frame), message: `a field name's ${keyProblem}` };
      stack.push({ value: (value as Record<string, unknown>)[key], depth, key, parent: frame });
    }
  }
  return null;
}

/** "title: text must not contain …"; prefix names where the walked value sits ("data"). */
export function describeInputProblem(p: InputProblem, prefix = ""): string {
  const path = [prefix, p.path].filter(Boolean).join(".");
  return path ? `${path}: ${p.message}` : p.message;
}

/**
 * A zod refinement for a JSON value (metadata, free-form objects): text rules and a depth
 * cap, checked without recursion before anything serializes the value.
 */
export function refineInput(maxDepth: number, label: string) {
  return (value: unknown, ctx: z.RefinementCtx) => {
    const problem = findInputProblem(value, maxDepth);
    if (problem) ctx.addIssue({ code: "custom", message: describeInputProblem(problem, label) });
  };
}

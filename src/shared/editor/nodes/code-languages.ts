// A code block's language: any word a Markdown fence's info string may start with, as GitHub
// and CommonMark keep it (codeLanguage below), so "```foo+bar" or "```mermaid" survives an
// import and an export. The languages the editor colours, with their aliases, are listed in
// code-language-names.ts, which only the editor's colouring loads (with the first code block).

/** The longest language word a code block keeps, in characters. */
export const CODE_LANGUAGE_MAX = 64;

// The language ends up in a `class` attribute, a Markdown fence's info string and a Word style
// name: no white space (it would end the word), quotes or angle brackets (markup), backticks
// (a fence's own character) and no control or invisible format characters.
const UNSAFE_IN_LANGUAGE = /[\s"'`<>\p{Cc}\p{Cf}\p{Cs}]/u;

/**
 * A code block's language as the schema keeps it: the word in lower case (so "Python" is
 * coloured as "python" and two spellings are one language), or null when there is none or
 * it breaks the rule (more than CODE_LANGUAGE_MAX characters, or one of the characters above).
 */
export function codeLanguage(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const lower = value.trim().toLowerCase();
  if (!lower || lower.length > 2 * CODE_LANGUAGE_MAX || UNSAFE_IN_LANGUAGE.test(lower)) return null;
  return [...lower].length <= CODE_LANGUAGE_MAX ? lower : null;
}

/** Why the content check refuses a code block's language (validate.ts). */
export const CODE_LANGUAGE_RULE = `a word of at most ${CODE_LANGUAGE_MAX} characters in lower case, without white space, quotes, angle brackets, backticks or control characters`;

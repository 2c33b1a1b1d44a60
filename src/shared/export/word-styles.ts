// The Word style names Draftsmith's Word export writes (src/server/export/docx.ts) and its
// Word import maps back (src/server/import/convert-docx.ts). pandoc uses the same names for
// inline code and code blocks, so its files read the same way.
export const WORD_STYLE = {
  quote: "Quote",
  codeBlock: "Code Block",
  inlineCode: "Verbatim Char",
  rule: "Horizontal Rule",
} as const;

/** The style of a code block in `language` (any language word, code-languages.ts): "Code Block", or "Code Block (python)". */
export const codeBlockStyleName = (language: string | null) => (language ? `${WORD_STYLE.codeBlock} (${language})` : WORD_STYLE.codeBlock);

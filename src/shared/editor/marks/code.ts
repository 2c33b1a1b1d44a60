// Inline code. TipTap's code mark excludes every other mark, so a linked or bold piece of
// code ("[`run()`](url)", "**`x`**", common in READMEs) lost its link or its emphasis on the
// way in. Here it goes with the formatting a writer can put around words (bold, italic,
// strike, underline, highlight, link, superscript, subscript), as in Docs, Notion and GitHub.
// It still excludes what it cannot show or carry: a text style (its own font and size) and
// the comment, suggestion and AI marks, which never took code.
import { Code as BaseCode } from "@tiptap/extension-code";
import { COMMENT_MARK } from "../comment-anchor.js";
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "../suggestion-names.js";

export const Code = BaseCode.extend({
  excludes: ["code", "textStyle", "aiSuggestion", SUGGESTION_INSERT, SUGGESTION_DELETE, COMMENT_MARK].join(" "),
});

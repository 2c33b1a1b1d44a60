// The document schema, as TipTap extensions. The browser editor, the server's content
// validation, the exporters and the AI all build on this one list, so a document that
// one accepts every other can read.
import type { AnyExtension } from "@tiptap/core";
import TextAlign from "@tiptap/extension-text-align";
import { Color, FontFamily, FontSize, TextStyle } from "@tiptap/extension-text-style";
import StarterKit from "@tiptap/starter-kit";
import { UNDO_DEPTH, UNDO_GROUP_DELAY_MS } from "../limits.js";
import { AiSuggestionMark } from "./ai-suggestion-mark.js";
import { ALLOWED_LINK_SCHEMES, isAllowedHref } from "./links.js";
import { SuggestedBreak } from "./suggested-break.js";
import { SuggestionDeleteMark, SuggestionInsertMark } from "./suggestion-marks.js";
import { Code } from "./marks/code.js";
import { CommentMark } from "./marks/comment.js";
import { Highlight } from "./marks/highlight.js";
import { Subscript } from "./marks/subscript.js";
import { Superscript } from "./marks/superscript.js";
import { CodeBlock } from "./nodes/code-block.js";
import { Footnote } from "./nodes/footnote.js";
import { FootnoteReference } from "./nodes/footnote-reference.js";
import { Footnotes } from "./nodes/footnotes.js";
import { HEADING_LEVELS } from "./nodes/heading.js";
import { ImageNode } from "./nodes/image.js";
import { Table } from "./nodes/table.js";
import { TableCell } from "./nodes/table-cell.js";
import { TableHeader } from "./nodes/table-header.js";
import { TableRow } from "./nodes/table-row.js";
import { TaskItem } from "./nodes/task-item.js";
import { TaskList } from "./nodes/task-list.js";

/**
 * `undoRedo: false` when the document is co-edited: the collaboration extension brings an
 * undo that takes back only this writer's changes, and the two must not both be present.
 */
export function schemaExtensions(opts: { undoRedo?: boolean } = {}): AnyExtension[] {
  return [
    StarterKit.configure({
      heading: { levels: [...HEADING_LEVELS] },
      // Replaced by the code block with a language (nodes/code-block.ts).
      codeBlock: false,
      // Replaced by the code mark that goes with other formatting (marks/code.ts).
      code: false,
      undoRedo: opts.undoRedo === false ? false : { depth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY_MS },
      // No empty line after the notes: the notes stay last (nodes/footnote-order.ts), so a line
      // added after them was moved before them at the next footnote change, and another added.
      trailingNode: { notAfter: ["footnotes"] },
      link: {
        openOnClick: false,
        autolink: true,
        defaultProtocol: "https",
        protocols: ALLOWED_LINK_SCHEMES.filter((s) => !["http", "https", "ftp", "ftps", "mailto", "tel"].includes(s)),
        isAllowedUri: (url) => isAllowedHref(url),
        shouldAutoLink: (url) => isAllowedHref(url),
      },
    }),
    TaskList,
    TaskItem,
    ImageNode,
    Table,
    TableRow,
    TableHeader,
    TableCell,
    CodeBlock,
    FootnoteReference,
    Footnotes,
    Footnote,
    TextStyle,
    Color,
    FontFamily,
    FontSize,
    TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right", "justify"] }),
    Subscript,
    Superscript,
    Highlight,
    // After the other formatting marks: code is the innermost element (<a><strong><code>).
    Code,
    AiSuggestionMark,
    SuggestionInsertMark,
    SuggestionDeleteMark,
    SuggestedBreak,
    CommentMark,
  ];
}

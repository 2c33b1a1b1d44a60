// The document schema, as TipTap extensions. The browser editor, the server's content
// validation, the exporters and the AI all build on this one list, so a document that
// one accepts every other can read.
import type { AnyExtension } from "@tiptap/core";
import { Blockquote } from "@tiptap/extension-blockquote";
import { Bold } from "@tiptap/extension-bold";
import { Document } from "@tiptap/extension-document";
import { HardBreak } from "@tiptap/extension-hard-break";
import { Heading } from "@tiptap/extension-heading";
import { HorizontalRule } from "@tiptap/extension-horizontal-rule";
import { Italic } from "@tiptap/extension-italic";
import { BulletList, ListItem, ListKeymap, OrderedList } from "@tiptap/extension-list";
import { Paragraph } from "@tiptap/extension-paragraph";
import { Strike } from "@tiptap/extension-strike";
import { Text } from "@tiptap/extension-text";
import TextAlign from "@tiptap/extension-text-align";
import { Color, FontFamily, FontSize, TextStyle } from "@tiptap/extension-text-style";
import { Underline } from "@tiptap/extension-underline";
import { TrailingNode } from "@tiptap/extensions/trailing-node";
import { AiSuggestionMark } from "./ai-suggestion-mark.js";
import { SuggestedBreak } from "./suggested-break.js";
import { SuggestionDeleteMark, SuggestionInsertMark } from "./suggestion-marks.js";
import { Code } from "./marks/code.js";
import { CommentMark } from "./marks/comment.js";
import { Highlight } from "./marks/highlight.js";
import { Link } from "./marks/link.js";
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
 * StarterKit's parts, in its order, named one by one: StarterKit imports every part it can
 * bring, so through it every page showing a document downloaded the link's typing behaviour
 * (linkifyjs) and the single-writer undo history, which no editor here uses (a co-edited
 * document's undo is the collaboration extension's, which takes back only this writer's
 * changes; the read-only views need none). Left out of StarterKit's list: its code block and
 * inline code (replaced by nodes/code-block.ts and marks/code.ts), the undo history, and the
 * drop and gap cursors, which the browser editor adds where they stood
 * (src/client/lib/typing/cursors.ts); its
 * link is marks/link.ts, and the browser editor adds the link's typing behaviour at creation
 * (src/client/lib/links/link-typing.ts). Each part comes from its own file: the index of
 * @tiptap/extensions imports the undo history too.
 */
export function schemaExtensions(): AnyExtension[] {
  return [
    Bold,
    Blockquote,
    BulletList,
    Document,
    HardBreak,
    Heading.configure({ levels: [...HEADING_LEVELS] }),
    HorizontalRule,
    Italic,
    ListItem,
    ListKeymap,
    Link,
    OrderedList,
    Paragraph,
    Strike,
    Text,
    Underline,
    // No empty line after the notes: the notes stay last (nodes/footnote-order.ts), so a line
    // added after them was moved before them at the next footnote change, and another added.
    TrailingNode.configure({ notAfter: ["footnotes"] }),
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

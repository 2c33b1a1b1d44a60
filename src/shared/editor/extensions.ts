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
import { SuggestionDeleteMark, SuggestionInsertMark } from "./suggestion-marks.js";
import { Highlight } from "./marks/highlight.js";
import { Subscript } from "./marks/subscript.js";
import { Superscript } from "./marks/superscript.js";
import { HEADING_LEVELS } from "./nodes/heading.js";
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
      undoRedo: opts.undoRedo === false ? false : { depth: UNDO_DEPTH, newGroupDelay: UNDO_GROUP_DELAY_MS },
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
    TextStyle,
    Color,
    FontFamily,
    FontSize,
    TextAlign.configure({ types: ["heading", "paragraph"], alignments: ["left", "center", "right", "justify"] }),
    Subscript,
    Superscript,
    Highlight,
    AiSuggestionMark,
    SuggestionInsertMark,
    SuggestionDeleteMark,
  ];
}

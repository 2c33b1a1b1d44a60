// The browser editor's extensions: the shared document schema plus UI-only behaviour
// (the selection read before a copy, cut or paste, pictures drawn and uploaded, the table editing loaded on first need, web addresses typed or pasted becoming links, placeholder, typography, typing into empty lines, pastes too large for a document, slash menu, find's highlights; a pasted table stays a table, read by the schema's table node). Nothing here adds a node or mark (the image node is the schema's, with a view), so whatever
// the editor produces the server and the exporters accept.
import type { AnyExtension } from "@tiptap/core";
import { Placeholder } from "@tiptap/extensions/placeholder";
import { schemaExtensions } from "../../../shared/editor/extensions";
import { withImageView } from "../../lib/images/image-view";
import { PasteLimit } from "../../lib/paste-limit";
import { PendingSelection } from "./pending-selection";
import { CodeHighlight } from "./code-highlight";
import { ImageUpload } from "./images/image-upload";
import { uploadForRelative } from "./images/upload-for-relative";
import { EmptyLineInput } from "./empty-line-input";
import { FindExtension } from "./find/find-extension";
import { FootnoteViews } from "./footnote-views";
import { createSlashExtension, type SlashHandlers } from "./slash-menu/slash-plugin";
import { LinkTyping } from "../../lib/links/link-typing";
import { withCursors } from "../../lib/typing/cursors";
import { withTableEditing } from "../../lib/tables/table-editing";
import { SafeTypography } from "./typography";

// The alt text prompt loads when first used.
const editImageText = async (current: { alt: string; caption: string; preview: string | null }) =>
  (await import("./images/alt-text-dialog")).askImageText({ ...current, editing: true });

const BODY_PLACEHOLDER = "Type '/' for commands, or start writing...";

/** The document whose pictures the editor shows and where it uploads new ones. */
export interface EditorImages {
  documentId: string;
}

export function browserExtensions(slash: SlashHandlers, opts: { images?: EditorImages } = {}): AnyExtension[] {
  const images = opts.images;
  // The schema's image node, drawn with this page's access to the pictures and their editing bar.
  // A relative picture's card offers to upload its file when the editor has a document to upload to.
  const upload = images ? () => uploadForRelative(images.documentId) : undefined;
  const schema = withTableEditing(withImageView(withCursors(schemaExtensions()), { kind: "user" }, editImageText, upload));
  return [
    // First, so every clipboard and key handler after it sees the selection the writer made.
    PendingSelection,
    ...schema,
    // Addresses typed, dropped or pasted become links; linkifyjs arrives on first need (link-typing.ts).
    LinkTyping,
    ...(images ? [ImageUpload.configure({ documentId: images.documentId })] : []),
    Placeholder.configure({ placeholder: BODY_PLACEHOLDER }),
    // Typographic replacements everywhere but in code (typography.ts).
    SafeTypography,
    EmptyLineInput,
    PasteLimit,
    createSlashExtension(slash),
    FindExtension,
    // Code colouring and its language picker; footnote numbers and their jumps (views only).
    CodeHighlight,
    FootnoteViews,
  ];
}

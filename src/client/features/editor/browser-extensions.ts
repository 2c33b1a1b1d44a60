// The browser editor's extensions: the shared document schema plus UI-only behaviour
// (placeholder, typography, typing into empty lines, pasted tables, pastes too large for a document, slash menu, find's highlights). Nothing here adds a node or mark, so whatever
// the editor produces the server and the exporters accept.
import type { AnyExtension } from "@tiptap/core";
import { Placeholder } from "@tiptap/extensions";
import { schemaExtensions } from "../../../shared/editor/extensions";
import { PasteLimit } from "../../lib/paste-limit";
import { EmptyLineInput } from "./empty-line-input";
import { FindExtension } from "./find/find-extension";
import { PasteTables } from "./paste-tables";
import { createSlashExtension, type SlashHandlers } from "./slash-menu/slash-plugin";
import { SafeTypography } from "./typography";

const BODY_PLACEHOLDER = "Type '/' for commands, or start writing...";

export function browserExtensions(slash: SlashHandlers, opts: { undoRedo?: boolean } = {}): AnyExtension[] {
  return [
    ...schemaExtensions(opts),
    Placeholder.configure({ placeholder: BODY_PLACEHOLDER }),
    // Typographic replacements everywhere but in code (typography.ts).
    SafeTypography,
    EmptyLineInput,
    PasteTables,
    PasteLimit,
    createSlashExtension(slash),
    FindExtension,
  ];
}

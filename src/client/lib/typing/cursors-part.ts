// The drop and gap cursors' code (prosemirror-dropcursor and prosemirror-gapcursor), fetched
// at the text's first focus or first drag (cursors.ts, whose plugins are registered when the
// editor is created, calls it once it has arrived).
export { dropCursor } from "@tiptap/pm/dropcursor";
export { gapCursor } from "@tiptap/pm/gapcursor";

// The typing behaviour, loaded on first need (typing-later.ts): TipTap's link extension with
// the schema's options (linkifyjs finds the addresses), ProseMirror's drop and gap cursors,
// and where the editor has a TypographySlot the typographic rules. The link mark itself is
// the schema's (src/shared/editor/marks/link.ts), declared without this library.
import { type Editor, getExtensionField, inputRulesPlugin, pasteRulesPlugin } from "@tiptap/core";
import { Link as LinkBehaviour } from "@tiptap/extension-link";
import { dropCursor } from "@tiptap/pm/dropcursor";
import { gapCursor } from "@tiptap/pm/gapcursor";
import type { Plugin, PluginKey } from "@tiptap/pm/state";
import { LINK_OPTIONS } from "../../../shared/editor/marks/link";
import { typingSlotKey, typographySlotKey } from "./typing-slots";
import { SafeTypography } from "./typography";

const link = LinkBehaviour.configure(LINK_OPTIONS);

type Field = "onCreate" | "onDestroy" | "addPasteRules" | "addInputRules" | "addProseMirrorPlugins";

/** Calls an extension's field as the editor would, with `editor` and the mark or node type. */
function fieldOf<T>(extension: typeof link | typeof SafeTypography, editor: Editor, name: Field): (() => T) | undefined {
  const type = editor.schema.marks[extension.name] ?? editor.schema.nodes[extension.name] ?? null;
  const context = { name: extension.name, options: extension.options, storage: {}, editor, type, parent: null };
  return getExtensionField(extension, name, context) as (() => T) | undefined;
}

/** The link's plugins as TipTap's extension makes them: its paste rule, then the typing, click and paste plugins. */
function linkPlugins(editor: Editor): Plugin[] {
  // Registers the schemes linkifyjs does not know (callto, sms...), before it first reads
  // text; they are cleared with the editor, as TipTap's extension does.
  fieldOf<void>(link, editor, "onCreate")?.();
  editor.on("destroy", () => fieldOf<void>(link, editor, "onDestroy")?.());
  const rules = fieldOf<Parameters<typeof pasteRulesPlugin>[0]["rules"]>(link, editor, "addPasteRules")?.() ?? [];
  return [
    ...(editor.options.enablePasteRules !== false && rules.length ? pasteRulesPlugin({ editor, rules }) : []),
    ...(fieldOf<Plugin[]>(link, editor, "addProseMirrorPlugins")?.() ?? []),
  ];
}

function typographyPlugins(editor: Editor): Plugin[] {
  const rules = fieldOf<Parameters<typeof inputRulesPlugin>[0]["rules"]>(SafeTypography, editor, "addInputRules")?.() ?? [];
  if (editor.options.enableInputRules === false || !rules.length) return [];
  const plugins = inputRulesPlugin({ editor, rules });
  return Array.isArray(plugins) ? plugins : [plugins];
}

/** A plugin's key, the same string as its PluginKey's. */
const keyOf = (p: Plugin | PluginKey) => (p as unknown as { key: string }).key;

/** `plugins` with `added` just after the plugin of `key` (at the end when it is not there). */
function after(plugins: Plugin[], key: PluginKey, added: Plugin[]): Plugin[] {
  const at = plugins.findIndex((p) => keyOf(p) === keyOf(key));
  return at < 0 ? [...plugins, ...added] : [...plugins.slice(0, at + 1), ...added, ...plugins.slice(at + 1)];
}

/** Adds the typing plugins to `editor`. */
export function startTyping(editor: Editor): void {
  const cursors = [...linkPlugins(editor), dropCursor({ color: "currentColor", width: 1 }), gapCursor()];
  const typography = editor.state.plugins.some((p) => keyOf(p) === keyOf(typographySlotKey)) ? typographyPlugins(editor) : [];
  editor.registerPlugin(cursors[0]!, (_first, current) => after(after(current, typingSlotKey, cursors), typographySlotKey, typography));
}

// The link's typing behaviour, loaded on first need (link-typing.ts): TipTap's link extension
// with the schema's options (a web address typed, dropped or pasted becomes a link; an address
// pasted over a selection links it), and linkifyjs, which finds the addresses. The mark itself
// is the schema's (src/shared/editor/marks/link.ts), declared without this library.
import { type Editor, getExtensionField, pasteRulesPlugin } from "@tiptap/core";
import { Link as LinkBehaviour } from "@tiptap/extension-link";
import type { Plugin } from "@tiptap/pm/state";
import { LINK_OPTIONS } from "../../../shared/editor/marks/link";

const behaviour = LinkBehaviour.configure(LINK_OPTIONS);

/** Adds the link's typing plugins to `editor`, first among its plugins, where the link mark's were. */
export function startLinkTyping(editor: Editor): void {
  const context = { name: behaviour.name, options: behaviour.options, storage: {}, editor, type: editor.schema.marks.link, parent: null };
  const field = <T>(name: "onCreate" | "onDestroy" | "addPasteRules" | "addProseMirrorPlugins") => getExtensionField(behaviour, name, context) as (() => T) | undefined;
  // Registers the schemes linkifyjs does not know (callto, sms...), before it first reads
  // text; they are cleared with the editor, as TipTap's extension does.
  field<void>("onCreate")?.();
  editor.on("destroy", () => field<void>("onDestroy")?.());
  const rules = field<Parameters<typeof pasteRulesPlugin>[0]["rules"]>("addPasteRules")?.() ?? [];
  const plugins: Plugin[] = [
    ...(editor.options.enablePasteRules !== false && rules.length ? pasteRulesPlugin({ editor, rules }) : []),
    ...(field<Plugin[]>("addProseMirrorPlugins")?.() ?? []),
  ];
  if (plugins.length) editor.registerPlugin(plugins[0]!, (_first, current) => [...plugins, ...current.filter((p) => !plugins.includes(p))]);
}

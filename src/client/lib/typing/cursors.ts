// The drop cursor (where a dragged thing will land) and the gap cursor (a caret where text
// cannot go, before a table or a picture at the start of the document), as TipTap's Dropcursor
// and Gapcursor extensions bring them. Their plugins are registered when the editor is
// created, like every other plugin: adding plugins to a running editor reconfigures it, and
// ProseMirror then destroys and recreates every plugin's view (ghost text, the slash menu,
// the caret shown to others). Only their code is fetched later (cursors-part.ts), at the
// text's first focus or when something is first dragged over it, since neither does anything
// before; each plugin calls it once it has arrived. Until then a gap cursor cannot be placed,
// and the arrow keys, clicks and typing go where they would without one.
import { type AnyExtension, callOrReturn, Extension, getExtensionField } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { codeOnDemand } from "../code-on-demand";
// The nodes' allowGapCursor field, as TipTap declares it (types only).
import type {} from "@tiptap/extensions/gap-cursor";

type Part = typeof import("./cursors-part");

/** The drop cursor's views waiting for the code, each made when it arrives. */
const waiting = new Set<() => void>();
const code = codeOnDemand(
  () => import("./cursors-part"),
  () => {
    for (const made of [...waiting]) made();
    waiting.clear();
  },
);

/** Fetches the cursors' code (once; a failed download is tried again at the next focus or drag). */
export const loadCursors = () => code.load();

const start = (view: EditorView) => {
  if (view.editable) void loadCursors().catch(() => {});
  return false;
};

/** TipTap's Dropcursor options. */
const DROP_OPTIONS = { color: "currentColor", width: 1, class: undefined } as const;

export const Dropcursor = Extension.create({
  name: "dropCursor",

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("dropCursorLater"),
        // prosemirror-dropcursor's view listens for drags on the text; it is made when its code arrives.
        view(view) {
          let inner: ReturnType<NonNullable<Plugin["spec"]["view"]>> | null = null;
          let destroyed = false;
          const make = () => {
            if (destroyed || inner || !code.loaded) return;
            inner = code.loaded.dropCursor(DROP_OPTIONS).spec.view!(view);
          };
          if (code.loaded) make();
          else waiting.add(make);
          return {
            update: (v, prev) => inner?.update?.(v, prev),
            destroy: () => {
              destroyed = true;
              waiting.delete(make);
              inner?.destroy?.();
            },
          };
        },
        props: { handleDOMEvents: { focus: start, dragenter: start } },
      }),
    ];
  },
});

type GapProps = ReturnType<Part["gapCursor"]>["props"];
let gapProps: GapProps | null = null;
const gap = (): GapProps | null => {
  if (!gapProps && code.loaded) gapProps = code.loaded.gapCursor().props;
  return gapProps;
};

export const Gapcursor = Extension.create({
  name: "gapCursor",

  addProseMirrorPlugins() {
    return [
      new Plugin({
        key: new PluginKey("gapCursorLater"),
        props: {
          decorations: (state) => gap()?.decorations?.call({} as never, state) ?? null,
          createSelectionBetween: (view, $anchor, $head) => gap()?.createSelectionBetween?.call({} as never, view, $anchor, $head) ?? null,
          handleClick: (view, pos, event) => gap()?.handleClick?.call({} as never, view, pos, event) ?? false,
          handleKeyDown: (view, event) => gap()?.handleKeyDown?.call({} as never, view, event) ?? false,
          handleDOMEvents: {
            focus: start,
            dragenter: start,
            beforeinput: (view, event) => gap()?.handleDOMEvents?.beforeinput?.call({} as never, view, event) ?? false,
          },
        },
      }),
    ];
  },

  // As TipTap's: a node may say whether a gap cursor can stand beside it.
  extendNodeSchema(extension) {
    const context = { name: extension.name, options: extension.options, storage: extension.storage };
    return { allowGapCursor: callOrReturn(getExtensionField(extension, "allowGapCursor", context)) ?? null };
  },
});

/** The schema's extensions with the two cursors where StarterKit had them (after the document node), so handlers meet them in the same order. */
export function withCursors(extensions: AnyExtension[]): AnyExtension[] {
  const at = extensions.findIndex((e) => e.name === "doc") + 1;
  return [...extensions.slice(0, at), Dropcursor, Gapcursor, ...extensions.slice(at)];
}

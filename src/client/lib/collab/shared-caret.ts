// The caret and selection this writer shows to collaborators, sent when the editor is idle.
//
// TipTap's CollaborationCaret converts the selection into Yjs relative positions on every
// view update, walking the document's top-level blocks from the start each time: about a
// millisecond per keystroke at 1,000 blocks, on the key's own path to the screen. Another
// writer needs the caret where it rests, not every intermediate position, so the conversion
// waits for an idle moment (at most CARET_IDLE_TIMEOUT_MS) and one conversion serves every
// update that came before it. Focus changes still go straight through (the plugin listens to
// focusin/focusout itself), and a remote change that moved the text still forces a resend.
import CollaborationCaret from "@tiptap/extension-collaboration-caret";
import { Plugin, type PluginSpec } from "@tiptap/pm/state";
import type { EditorState } from "@tiptap/pm/state";
import type { EditorView } from "@tiptap/pm/view";
import { yCursorPluginKey } from "@tiptap/y-tiptap";

/** Longest a collaborator waits for this writer's caret while the editor stays busy. */
export const CARET_IDLE_TIMEOUT_MS = 250;

type PluginView = { update?: (view: EditorView, prevState: EditorState) => void; destroy?: () => void };

type Later = { cancel: () => void };

function whenIdle(run: () => void): Later {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(run, { timeout: CARET_IDLE_TIMEOUT_MS });
    return { cancel: () => window.cancelIdleCallback(id) };
  }
  const id = window.setTimeout(run, 50);
  return { cancel: () => window.clearTimeout(id) };
}

/**
 * The plugin's view with its updates coalesced: the first update after a quiet spell keeps
 * the state before it (the plugin compares documents to decide whether to force a resend),
 * and the run uses the view's state of that moment.
 */
export function idleView(inner: PluginView): PluginView {
  let pending: Later | null = null;
  let firstPrevState: EditorState | null = null;
  let view: EditorView | null = null;
  return {
    update(editorView, prevState) {
      view = editorView;
      if (pending) return;
      firstPrevState = prevState;
      pending = whenIdle(() => {
        pending = null;
        if (!view || view.isDestroyed || !firstPrevState) return;
        const prev = firstPrevState;
        firstPrevState = null;
        inner.update?.(view, prev);
      });
    },
    destroy() {
      pending?.cancel();
      pending = null;
      inner.destroy?.();
    },
  };
}

function withIdleView(plugin: Plugin): Plugin {
  const spec = plugin.spec as PluginSpec<unknown>;
  const makeView = spec.view;
  if (!makeView) return plugin;
  return new Plugin({
    ...spec,
    view: (view) => {
      const idle = idleView(makeView(view));
      // The editor recreates its plugins' views when plugins are added (the grammar check, for
      // one); the old view took this writer's caret away as it went: a focused editor sends it again.
      if (view.hasFocus()) idle.update?.(view, view.state);
      return idle;
    },
  });
}

/** CollaborationCaret whose conversion of the local selection waits for an idle moment. */
export const SharedCaret = CollaborationCaret.extend({
  addProseMirrorPlugins() {
    const plugins = this.parent?.() ?? [];
    return plugins.map((plugin) => (plugin.spec.key === yCursorPluginKey ? withIdleView(plugin) : plugin));
  },
});

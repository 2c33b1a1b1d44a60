// Turns ghost-text completion on in an editor while the user may have it: their AI offers it
// (capabilities.inlineCompletion: their own model, or a model on the Professional plan), they
// have not switched it off in Settings → AI, and they can edit the document. Renders nothing.
// The plugin and its request load only then (most plans have no ghost text).
// Type-only import: keeps TipTap out of every bundle that merely references the AI feature.
import type { Editor } from "@tiptap/react";
import { useEffect } from "react";
import { usePreferencesQuery } from "../../../lib/preferences-query";
import { useAiCapabilities } from "../use-ai-capabilities";

/** The typing pause before a continuation is asked for. */
export const INLINE_COMPLETION_DELAY_MS = 800;

export function InlineCompletion({ editor }: { editor: Editor | null }) {
  const capabilities = useAiCapabilities();
  const preferences = usePreferencesQuery();
  const wanted = capabilities.inlineCompletion && preferences.data?.inlineCompletion !== false;
  const editable = !!editor && editor.isEditable;

  useEffect(() => {
    if (!editor || editor.isDestroyed || !wanted || !editable) return;
    let active = true;
    let key: import("@tiptap/pm/state").PluginKey | null = null;
    Promise.all([import("./plugin"), import("./request")]).then(
      ([{ createInlineCompletionPlugin, inlineCompletionKey }, { requestContinuation }]) => {
        if (!active || editor.isDestroyed) return;
        key = inlineCompletionKey;
        const plugin = createInlineCompletionPlugin({ request: requestContinuation, delayMs: INLINE_COMPLETION_DELAY_MS });
        // First in line, so Tab and Esc reach it before list indenting or closing panels.
        editor.registerPlugin(plugin, (p, plugins) => [p, ...plugins]);
      },
      // Offline: the next time the editor mounts it or the conditions change, it is tried again.
      () => {},
    );
    return () => {
      active = false;
      if (key && !editor.isDestroyed) editor.unregisterPlugin(key);
    };
  }, [editor, wanted, editable]);

  return null;
}

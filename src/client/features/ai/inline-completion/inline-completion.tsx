// Turns ghost-text completion on in an editor while the user may have it: their AI offers it
// (capabilities.inlineCompletion: their own model, or a model on the Professional plan), they
// have not switched it off in Settings → AI, and they can edit the document. Renders nothing.
// Type-only import: keeps TipTap out of every bundle that merely references the AI feature.
import type { Editor } from "@tiptap/react";
import { useEffect } from "react";
import { usePreferencesQuery } from "../../../lib/preferences-query";
import { useAiCapabilities } from "../use-ai-capabilities";
import { createInlineCompletionPlugin, inlineCompletionKey } from "./plugin";
import { requestContinuation } from "./request";

/** The typing pause before a continuation is asked for. */
export const INLINE_COMPLETION_DELAY_MS = 800;

export function InlineCompletion({ editor }: { editor: Editor | null }) {
  const capabilities = useAiCapabilities();
  const preferences = usePreferencesQuery();
  const wanted = capabilities.inlineCompletion && preferences.data?.inlineCompletion !== false;
  const editable = !!editor && editor.isEditable;

  useEffect(() => {
    if (!editor || editor.isDestroyed || !wanted || !editable) return;
    const plugin = createInlineCompletionPlugin({ request: requestContinuation, delayMs: INLINE_COMPLETION_DELAY_MS });
    // First in line, so Tab and Esc reach it before list indenting or closing panels.
    editor.registerPlugin(plugin, (p, plugins) => [p, ...plugins]);
    return () => {
      if (!editor.isDestroyed) editor.unregisterPlugin(inlineCompletionKey);
    };
  }, [editor, wanted, editable]);

  return null;
}

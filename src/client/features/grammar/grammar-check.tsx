// Turns the check as you type on in an editor while the writer wants it (Settings →
// Preferences, on by default) and may type in it. Renders nothing until its layer loads.
import type { Editor } from "@tiptap/react";
import { Suspense } from "react";
import { usePreferencesQuery } from "../../lib/preferences-query";
import { lazyPart } from "../../lib/lazy-part";

const GrammarLayer = lazyPart(() => import("./grammar-layer"));

export function GrammarCheck({ editor }: { editor: Editor | null }) {
  const preferences = usePreferencesQuery();
  const wanted = preferences.data !== undefined && preferences.data.grammarCheck !== false;
  if (!editor || editor.isDestroyed || !editor.isEditable || !wanted) return null;
  return (
    <Suspense fallback={null}>
      <GrammarLayer editor={editor} />
    </Suspense>
  );
}

// The suggestions now in the document, read again after changes (at most every 100 ms, so
// typing in a long document does not walk it on every key) and at once after a decision.
import type { Editor } from "@tiptap/react";
import { bothEmpty, type DocReadingOptions, useDocReading } from "../../../lib/use-doc-reading";
import { listChanges, type SuggestionChange } from "./read";

const CHANGES_READING: DocReadingOptions<SuggestionChange[]> = {
  read: listChanges,
  schedule: "throttle",
  delayMs: 100,
  none: [],
  same: bothEmpty,
};

export function useDocSuggestions(editor: Editor | null): SuggestionChange[] {
  return useDocReading(editor, CHANGES_READING);
}

// Type-only import: keeps TipTap out of every bundle that merely references the AI feature.
import type { Editor } from "@tiptap/react";

export interface AiToolbarProps {
  editor: Editor | null;
}

/** Placeholder: the AI engineer replaces this with Complete/Improve/…/Summarize (spec editor §2 AI toolbar). */
export function AiToolbar(_props: AiToolbarProps) {
  return null;
}

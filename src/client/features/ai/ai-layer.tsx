// Type-only import: keeps TipTap out of every bundle that merely references the AI feature.
import type { Editor } from "@tiptap/react";
import type { AiCommand } from "./types";

export interface AiLayerProps {
  editor: Editor | null;
  documentId: string;
  /** The latest command; `nonce` changes on every request so repeating a command re-runs it. */
  command: { name: AiCommand; nonce: number } | null;
  assistantOpen: boolean;
  onAssistantOpenChange: (open: boolean) => void;
  rewriteOpen: boolean;
  onRewriteOpenChange: (open: boolean) => void;
}

/** Placeholder: the AI engineer replaces this with the assistant panel, rewrite dialog and suggestion cards. */
export function AiLayer(_props: AiLayerProps) {
  return null;
}

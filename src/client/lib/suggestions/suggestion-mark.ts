// What a suggestion mark is and carries: read at start by the suggestions already in the text
// (features/ai/inline-suggestions/read.ts), without the code that accepts or rejects them
// (resolve.ts), which loads with the tools that decide.
import type { Mark } from "@tiptap/pm/model";
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "../../../shared/editor/suggestion-marks";

export interface SuggestionAttrs {
  id: string;
  group: string;
  message?: string | null;
  options?: string | null;
  /** A person's suggestion (suggestion-names.ts): their user id, name and time. */
  author?: string | null;
  authorName?: string | null;
  createdAt?: string | null;
}

export const isSuggestionMark = (m: Mark) => m.type.name === SUGGESTION_INSERT || m.type.name === SUGGESTION_DELETE;

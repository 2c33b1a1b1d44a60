// The AI-suggestion marker: highlights text an AI suggestion proposes,
// until the writer accepts or rejects it.
import { Mark, mergeAttributes } from "@tiptap/core";

export const AiSuggestionMark = Mark.create({
  name: "aiSuggestion",
  inclusive: false,
  addAttributes() {
    return {
      suggestionId: {
        default: null,
        // Typed by shape: shared code also runs on the server, which has no DOM types.
        parseHTML: (el: { getAttribute(name: string): string | null }) => el.getAttribute("data-suggestion-id"),
        renderHTML: (attrs) => (attrs.suggestionId ? { "data-suggestion-id": String(attrs.suggestionId) } : {}),
      },
    };
  },
  parseHTML() {
    return [{ tag: "mark[data-ai-suggestion]" }];
  },
  renderHTML({ HTMLAttributes }) {
    return ["mark", mergeAttributes(HTMLAttributes, { "data-ai-suggestion": "", class: "ai-suggestion" }), 0];
  },
});

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
        parseHTML: (el) => el.getAttribute("data-suggestion-id"),
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

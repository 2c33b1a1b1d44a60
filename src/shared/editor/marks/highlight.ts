// Highlighted text: one highlight colour (no attributes), Ctrl/Cmd+Shift+H, and "==text=="
// typed or pasted. Pasted <mark> becomes a highlight, except the AI suggestion marker's own
// <mark data-ai-suggestion> (ai-suggestion-mark.ts).
import { Highlight as BaseHighlight } from "@tiptap/extension-highlight";

export const Highlight = BaseHighlight.extend({
  parseHTML() {
    return [{ tag: "mark:not([data-ai-suggestion])" }];
  },
}).configure({ multicolor: false });

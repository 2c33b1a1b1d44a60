// A person's suggested paragraph break (src/shared/editor/suggested-break.ts) in Word: the
// paragraph before the break has its paragraph mark inserted (<w:pPr><w:rPr><w:ins/></w:rPr>),
// which is how Word tracks Enter. The break is an attribute of the block after it, so the
// blocks before breaks are found first, in one walk.
import { suggestedBreakOf, type SuggestedBreakAttrs } from "../../shared/editor/suggested-break.js";
import { isPersonSuggestion } from "../../shared/editor/suggestion-names.js";
import type { DocNode } from "../../shared/editor/schema.js";

const isTextblock = (node: DocNode | undefined) => node?.type === "paragraph" || node?.type === "heading";

/** For each text block that ends right before a person's suggested break, that break. */
export function blocksBeforeBreaks(doc: DocNode): Map<DocNode, SuggestedBreakAttrs> {
  const out = new Map<DocNode, SuggestedBreakAttrs>();
  const stack: DocNode[] = [doc];
  while (stack.length) {
    const node = stack.pop()!;
    const content = node.content ?? [];
    for (let i = 1; i < content.length; i++) {
      // The block after the break: this child, or its first block (a list item's paragraph).
      let after: DocNode | undefined = content[i];
      while (after && !isTextblock(after)) after = after.content?.[0];
      const suggested = suggestedBreakOf(after?.attrs);
      if (!suggested || !isPersonSuggestion(suggested)) continue;
      // Only a break at the start of this child: the text block it closes ends the child before.
      if (after !== content[i] && content[i]!.content?.[0] !== after) continue;
      let before: DocNode | undefined = content[i - 1];
      while (before && !isTextblock(before)) before = before.content?.[before.content.length - 1];
      if (before) out.set(before, suggested);
    }
    for (const child of content) if (child.type !== "text") stack.push(child);
  }
  return out;
}

// Typographic replacements while typing ("--" → "—", "->" → "→", quotes, "(c)" → "©", …)
// from @tiptap/extension-typography, with two limits a writer expects:
//
// - Nothing is replaced in code. TipTap already skips code blocks and text that carries
//   the code mark, but not an inline code span still being typed between backticks (the
//   closing "`" turns it into code only after "->" had become "→"), nor text typed right
//   after switching the code mark on.
// - Fractions only as a word of their own: TipTap's rules replace "1/2", "1/4" and "3/4"
//   only after a space or the line start and once a space follows, so "13/4", "3/4/2025",
//   "a/3/4" and "3/4." stay as typed, and no other fraction is ever replaced
//   (typography.test.ts holds these cases).
// This file is the rules' code, fetched at the text's first focus or first typed character
// (typography.ts registers the rule that calls it when the editor is created).
import { type Editor, getExtensionField, type InputRule } from "@tiptap/core";
import type { EditorState } from "@tiptap/pm/state";
import Typography from "@tiptap/extension-typography";

/** True when text typed at pos is code, so it must stay exactly as typed. */
function inCode(state: EditorState, pos: number): boolean {
  const $pos = state.doc.resolve(pos);
  if ($pos.parent.type.spec.code) return true;
  const isCode = (marks: readonly { type: { spec: { code?: boolean } } }[]) => marks.some((m) => m.type.spec.code);
  if (isCode(state.storedMarks ?? $pos.marks())) return true;
  // An odd number of backticks in the plain text before pos: an inline code span is open
  // and its closing backtick will make it code.
  let ticks = 0;
  $pos.parent.nodesBetween(0, $pos.parentOffset, (node, offset) => {
    if (node.isText && !isCode(node.marks)) {
      const text = node.text!.slice(0, Math.max(0, $pos.parentOffset - offset));
      ticks += text.split("`").length - 1;
    }
  });
  return ticks % 2 === 1;
}

/** The same rule, declining (so the text stays as typed) where the text is code. */
function outsideCode(rule: InputRule): InputRule {
  const handler = rule.handler;
  rule.handler = (props) => (inCode(props.state, props.range.from) ? null : handler(props));
  return rule;
}

/** TipTap's Typography rules for `editor`, each leaving code alone. */
export function typographyRules(editor: Editor): InputRule[] {
  const context = { name: Typography.name, options: Typography.options, storage: {}, editor, parent: null };
  return ((getExtensionField(Typography, "addInputRules", context) as () => InputRule[])() ?? []).map(outsideCode);
}

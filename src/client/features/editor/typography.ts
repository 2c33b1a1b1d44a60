// Typographic replacements while typing ("--" → "—", "->" → "→", quotes, "(c)" → "©", …),
// TipTap's Typography rules with two limits (typography-part.ts says which). The rule that
// applies them is registered when the editor is created, like every other plugin's (adding
// plugins to a running editor reconfigures it, and ProseMirror then recreates every plugin's
// view); the rules' code is fetched at the text's first focus or first typed character, and
// until it has arrived what is typed stays as typed.
import { Extension, InputRule, type InputRuleMatch } from "@tiptap/core";
import { Plugin, PluginKey } from "@tiptap/pm/state";
import { codeOnDemand } from "../../lib/code-on-demand";

const code = codeOnDemand(() => import("./typography-part"));

/** Fetches the rules' code (once; a failed download is tried again at the next need). */
export const loadTypography = () => code.load();

interface Found {
  rule: InputRule;
  match: RegExpExecArray;
}

/** Typography whose every rule leaves code alone. */
export const SafeTypography = Extension.create({
  name: "typography",

  addInputRules() {
    const editor = this.editor;
    let rules: InputRule[] | null = null;
    const loaded = () => {
      if (!rules && code.loaded) rules = code.loaded.typographyRules(editor);
      return rules;
    };
    return [
      // One rule standing for TipTap's, tried in their order once they have arrived.
      new InputRule({
        find: (text): InputRuleMatch | null => {
          const all = loaded();
          if (!all) {
            void loadTypography().catch(() => {});
            return null;
          }
          for (const rule of all) {
            if (!(rule.find instanceof RegExp)) continue;
            const match = rule.find.exec(text);
            if (match) return { index: match.index, text: match[0], data: { rule, match } satisfies Found };
          }
          return null;
        },
        handler: (props) => {
          const { rule, match } = props.match.data as Found;
          return rule.handler({ ...props, match });
        },
      }),
    ];
  },

  addProseMirrorPlugins() {
    const start = () => {
      if (this.editor.isEditable) void loadTypography().catch(() => {});
      return false;
    };
    return [new Plugin({ key: new PluginKey("typographyLater"), props: { handleDOMEvents: { focus: start } } })];
  },
});

// The link's typing behaviour in an editable editor: a web address typed (before a space or a
// line break), pasted or dropped becomes a link, and an address pasted over a selection links
// it. Its plugins are registered when the editor is created, like every other plugin: adding
// plugins to a running editor reconfigures it, and ProseMirror then destroys and recreates
// every plugin's view (ghost text, the slash menu, the caret shown to others). Only their code
// is fetched later (link-typing-part.ts: TipTap's link extension and linkifyjs, which a page
// that only shows a document never needs): at the text's first focus, or at the first change
// if that comes first. What changes before it has arrived is remembered (its ranges, moved by
// every later change) and linked when it arrives, from the document as it is then; an address
// pasted over a selection before then is recognised by a simpler rule (pastedAddress).
import { combineTransactionSteps, type Editor, Extension, getChangedRanges, markPasteRule } from "@tiptap/core";
import type { MarkType } from "@tiptap/pm/model";
import { type EditorState, Plugin, PluginKey, type Transaction } from "@tiptap/pm/state";
import { ySyncPluginKey } from "@tiptap/y-tiptap";
import { LINK_OPTIONS } from "../../../shared/editor/marks/link";
import { codeOnDemand } from "../code-on-demand";
import type { LinkTools, PendingRange } from "./link-typing-part";

const code = codeOnDemand(() => import("./link-typing-part"));

/** Fetches the behaviour's code (once; a failed download is tried again at the next need). */
export const loadLinkTyping = () => code.load();

const key = new PluginKey<PendingRange[]>("linkTyping");
const CATCH_UP = "catchUp";

/** Changes from the live document (another writer's, the text arriving) are theirs to link. */
const isRemote = (tr: Transaction) => tr.getMeta(ySyncPluginKey)?.isChangeOrigin === true;

const SCHEMES = "(?:https?|ftps?):\\/\\/|(?:mailto|tel|callto|sms|cid|xmpp):";
const ADDRESS = new RegExp(`^(?:(?:${SCHEMES})\\S+|(?:[\\w-]+\\.)+[a-z]{2,}(?::\\d+)?(?:[/?#]\\S*)?|[^\\s@/:]+@(?:[\\w-]+\\.)+[a-z]{2,})$`, "i");

/**
 * Before linkifyjs has arrived: the link a pasted text makes over a selection, if the text is
 * one address (a scheme the rules allow and more, a domain name with an optional path, or an
 * e-mail address), with linkifyjs's address for it.
 */
export function pastedAddress(text: string): string | null {
  if (!ADDRESS.test(text)) return null;
  const href = new RegExp(`^(?:${SCHEMES})`, "i").test(text) ? text : text.includes("@") && !text.includes("/") ? `mailto:${text}` : `${LINK_OPTIONS.defaultProtocol}://${text}`;
  return LINK_OPTIONS.isAllowedUri(text) && LINK_OPTIONS.shouldAutoLink(text) ? href : null;
}

export const LinkTyping = Extension.create({
  name: "linkTyping",
  // Where TipTap's link extension stood (its mark's priority), so handlers meet it in the same order.
  priority: 1000,

  addPasteRules() {
    const type = this.editor.schema.marks.link!;
    const editor = this.editor;
    return [
      markPasteRule({
        // Before the code has arrived the pasted range is remembered instead (see the plugin).
        find: (text) => tools(editor, type)?.findPasted(text) ?? [],
        type,
        getAttributes: (match) => ({ href: match.data?.href }),
      }),
    ];
  },

  addProseMirrorPlugins() {
    const type = this.editor.schema.marks.link!;
    const editor = this.editor;
    const start = () => {
      if (editor.isEditable) void loadLinkTyping().catch(() => {});
      return false;
    };
    return [
      new Plugin<PendingRange[]>({
        key,
        state: {
          init: () => [],
          apply(tr, pending, oldState) {
            if (tr.getMeta(key) === CATCH_UP) return [];
            let next = pending.length ? pending.map((r) => ({ ...r, from: tr.mapping.map(r.from, -1), to: tr.mapping.map(r.to, 1) })) : pending;
            if (!code.loaded && tr.docChanged && !isRemote(tr) && !tr.getMeta("preventAutolink")) {
              const ui = tr.getMeta("uiEvent");
              const pasted = ui === "paste" || ui === "drop";
              const changed = getChangedRanges(combineTransactionSteps(oldState.doc, [tr])).map(({ newRange }) => ({ from: newRange.from, to: newRange.to, pasted }));
              if (changed.length) next = [...next, ...changed];
            }
            return next;
          },
        },
        appendTransaction(transactions, oldState, newState) {
          const loaded = tools(editor, type);
          return loaded ? (loaded.autolink.spec.appendTransaction?.call(loaded.autolink, transactions, oldState, newState) ?? null) : null;
        },
        view(view) {
          let destroyed = false;
          const catchUp = (state: EditorState) => {
            if (!key.getState(state)?.length) return;
            void loadLinkTyping().then(
              () => {
                if (destroyed || view.isDestroyed) return;
                const loaded = tools(editor, type);
                const ranges = key.getState(view.state) ?? [];
                if (!loaded || !ranges.length) return;
                const tr = view.state.tr.setMeta(key, CATCH_UP).setMeta("preventAutolink", true);
                loaded.catchUp(view.state, tr, ranges);
                view.dispatch(tr);
              },
              () => {},
            );
          };
          catchUp(view.state);
          return {
            update: (v) => catchUp(v.state),
            destroy: () => {
              destroyed = true;
            },
          };
        },
        props: {
          handleDOMEvents: { focus: start, dragenter: start },
          handlePaste(view, event, slice) {
            const loaded = tools(editor, type);
            if (loaded) return loaded.pasteHandler.props.handlePaste?.call(loaded.pasteHandler, view, event, slice) ?? false;
            if (view.state.selection.empty) return false;
            let text = "";
            slice.content.forEach((node) => {
              text += node.textContent;
            });
            const href = pastedAddress(text);
            return href ? editor.commands.setMark(type, { href }) : false;
          },
        },
      }),
    ];
  },
});

const made = new WeakMap<Editor, LinkTools>();

/** The arrived code's handlers for this editor (made once), or null before it has arrived. */
function tools(editor: Editor, type: MarkType): LinkTools | null {
  const part = code.loaded;
  if (!part) return null;
  let t = made.get(editor);
  if (!t) {
    t = part.linkTools(editor, type);
    made.set(editor, t);
  }
  return t;
}

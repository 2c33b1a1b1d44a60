// The link's typing behaviour's code, fetched when first needed (link-typing.ts registers its
// plugins when the editor is created and calls this once it has arrived): TipTap's link
// extension configured with the schema's options, whose plugins' handlers the registered ones
// call, and linkifyjs, which finds the addresses. Nothing here is added to an editor.
import { type Editor, getExtensionField, type PasteRule, type PasteRuleMatch } from "@tiptap/core";
import { Link as LinkBehaviour } from "@tiptap/extension-link";
import type { MarkType, Node as PmNode } from "@tiptap/pm/model";
import type { EditorState, Plugin, Transaction } from "@tiptap/pm/state";
import { find, registerCustomProtocol, tokenize } from "linkifyjs";
import { LINK_OPTIONS } from "../../../shared/editor/marks/link";

const behaviour = LinkBehaviour.configure(LINK_OPTIONS);
// The schemes linkifyjs does not know (callto, sms...), registered before it first reads text.
for (const scheme of LINK_OPTIONS.protocols) registerCustomProtocol(scheme);

const WHITESPACE = /[\u0000-\u0020\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]/;

export interface LinkTools {
  /** TipTap's autolink plugin: links the address before a typed space or line break. */
  autolink: Plugin;
  /** TipTap's paste handler: an address pasted over a selection links it. */
  pasteHandler: Plugin;
  /** The paste rule's finder: the addresses in pasted or dropped text. */
  findPasted: (text: string) => PasteRuleMatch[];
  /**
   * Links what changed before this code arrived: in `typed` ranges the addresses followed by
   * a space or a line break (as autolink would have as each was typed), in `pasted` ranges
   * every address (as the paste rule would have). Returns whether it added a link.
   */
  catchUp: (state: EditorState, tr: Transaction, ranges: readonly PendingRange[]) => boolean;
}

export interface PendingRange {
  from: number;
  to: number;
  pasted: boolean;
}

export function linkTools(editor: Editor, type: MarkType): LinkTools {
  const context = { name: behaviour.name, options: behaviour.options, storage: {}, editor, type, parent: null };
  const plugins = (getExtensionField(behaviour, "addProseMirrorPlugins", context) as () => Plugin[])();
  const rules = (getExtensionField(behaviour, "addPasteRules", context) as () => PasteRule[])();
  const byKey = (name: string) => plugins.find((p) => (p as unknown as { key: string }).key.startsWith(`${name}$`))!;
  const rule = rules[0]!;
  return {
    autolink: byKey("autolink"),
    pasteHandler: byKey("handlePasteLink"),
    findPasted: (text) => (rule.find as (t: string) => PasteRuleMatch[])(text),
    catchUp: (state, tr, ranges) => catchUp(state.doc, tr, type, ranges),
  };
}

const allowed = (url: string) => LINK_OPTIONS.isAllowedUri(url) && LINK_OPTIONS.shouldAutoLink(url);

function catchUp(doc: PmNode, tr: Transaction, type: MarkType, ranges: readonly PendingRange[]): boolean {
  let added = false;
  for (const range of ranges) {
    const from = Math.max(0, Math.min(range.from, doc.content.size));
    const to = Math.max(from, Math.min(range.to, doc.content.size));
    doc.nodesBetween(from, to, (block, pos) => {
      if (!block.isTextblock) return true;
      if (block.type.spec.code) return false;
      const start = pos + 1;
      // One character per position: a leaf (a picture, a break) reads as a space.
      const text = doc.textBetween(start, pos + block.nodeSize - 1, undefined, " ");
      // The change went on past this block (a line break typed after the address).
      const endsTyped = to > pos + block.nodeSize - 1;
      const words = /[^\s\u00A0\u1680\u180E\u2000-\u2029\u205F\u3000]+/g;
      for (let m = words.exec(text); m; m = words.exec(text)) {
        const wordFrom = start + m.index;
        const wordTo = wordFrom + m[0].length;
        if (wordTo < from || wordFrom > to) continue;
        const followed = wordTo - start < text.length ? WHITESPACE.test(text[wordTo - start]!) : endsTyped;
        const links = range.pasted
          ? find(m[0], { defaultProtocol: LINK_OPTIONS.defaultProtocol }).filter((l) => l.isLink)
          : followed
            ? validStructure(tokenize(m[0]).map((t) => t.toObject(LINK_OPTIONS.defaultProtocol)))
            : [];
        for (const link of links) {
          const linkFrom = wordFrom + link.start;
          const linkTo = wordFrom + link.end;
          if (!allowed(link.value)) continue;
          if (tr.doc.rangeHasMark(linkFrom, linkTo, type) || (doc.type.schema.marks.code && tr.doc.rangeHasMark(linkFrom, linkTo, doc.type.schema.marks.code))) continue;
          tr.addMark(linkFrom, linkTo, type.create({ href: link.href }));
          added = true;
        }
      }
      return false;
    });
  }
  return added;
}

type LinkObject = { isLink: boolean; value: string; href: string; start: number; end: number };

// As TipTap's autolink: one address alone, or in brackets, and nothing glued to it.
function validStructure(tokens: LinkObject[]): LinkObject[] {
  if (tokens.length === 1 && tokens[0]!.isLink) return tokens;
  if (tokens.length === 3 && tokens[1]!.isLink && ["()", "[]"].includes(tokens[0]!.value + tokens[2]!.value)) return [tokens[1]!];
  return [];
}

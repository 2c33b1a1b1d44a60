// An AI answer (Markdown) read for the document: its plain text, blocks joined by a blank
// line as the selection's text is read (apply-edits.ts textWithPositions), the kind of each
// text block, and the blocks themselves for when the answer changes the structure.
import type { JsonNode } from "../../../../shared/markdown/from-markdown";
import { markdownParser } from "../../../../shared/markdown/load-parser";

export interface Proposal {
  /** Text blocks joined by "\n\n"; a line break inside a block reads as a space. */
  plain: string;
  /** One entry per text block: its type with the wrappers around it ("bulletList/paragraph", "heading2"). */
  kinds: string[];
  nodes: JsonNode[];
}

const WRAPPERS = new Set(["bulletList", "orderedList", "blockquote"]);
const TEXTBLOCKS = new Set(["paragraph", "heading", "codeBlock"]);

export function blockKind(type: string, level: unknown, wrappers: string[]): string {
  return [...wrappers, type === "heading" ? `heading${String(level)}` : type].join("/");
}

function inlineText(nodes: JsonNode[] | undefined): string {
  return (nodes ?? []).map((n) => (n.type === "text" ? (n.text ?? "") : " ")).join("");
}

export function readProposal(answer: string): Proposal {
  const nodes = markdownParser().markdownToNodes(answer);
  const blocks: string[] = [];
  const kinds: string[] = [];
  const walk = (list: JsonNode[], wrappers: string[]) => {
    for (const n of list) {
      if (TEXTBLOCKS.has(n.type)) {
        const text = inlineText(n.content);
        if (!text.trim()) continue;
        blocks.push(n.type === "codeBlock" ? text.replace(/\n/g, " ") : text);
        kinds.push(blockKind(n.type, n.attrs?.level, wrappers));
      } else if (n.content) walk(n.content, WRAPPERS.has(n.type) ? [...wrappers, n.type] : wrappers);
    }
  };
  walk(nodes, []);
  return { plain: blocks.join("\n\n"), kinds, nodes };
}

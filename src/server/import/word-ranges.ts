// What Word comment ranges (word-comments.ts) and tracked changes (word-changes.ts) share:
// reading attributes out of Word's XML, and ranges carried through the Word reader (mammoth),
// which keeps neither, as marker runs of private-use characters it passes through as text:
// `${open}s<n>${close}` starts range n and `${open}e<n>${close}` ends it.
import type { ImportNode } from "./nodes.js";

/** XML text with its character references and the five named entities read. */
export const decodeXml = (s: string) =>
  s.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, e: string) => {
    const named: Record<string, string> = { lt: "<", gt: ">", amp: "&", quot: '"', apos: "'" };
    if (named[e.toLowerCase()]) return named[e.toLowerCase()]!;
    const code = e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number.parseInt(e.slice(1), 10);
    return code > 0 && code < 0x110000 && !(code >= 0xd800 && code < 0xe000) ? String.fromCodePoint(code) : "";
  });

/** The raw value of attribute `name` in an element's attribute text. */
export const attr = (attrs: string, name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(attrs)?.[1];

export interface RangeMarkers {
  /** A run holding the marker that starts ("s") or ends ("e") range `id`, for document.xml. */
  run(kind: "s" | "e", id: string | number): string;
  /**
   * Takes the markers out of the converted blocks, in place: `onMarker` hears each start and
   * end in text order, and `mark` gets each piece of text between them (the markers taken out)
   * to give back with its marks, or null to leave it out. Markers the reader split across runs
   * are dropped rather than left in the text, and text runs that held only a marker are gone.
   */
  apply(blocks: ImportNode[], onMarker: (kind: "s" | "e", id: string) => void, mark: (piece: ImportNode) => ImportNode | null): void;
}

/** Marker runs made of the two private-use characters `open` and `close`. */
export function rangeMarkers(open: string, close: string): RangeMarkers {
  const marker = new RegExp(`${open}([se])(\\d{1,9})${close}`, "g");
  const stray = new RegExp(`[${open}${close}]`, "g");
  return {
    run: (kind, id) => `<w:r><w:t xml:space="preserve">${open}${kind}${id}${close}</w:t></w:r>`,
    apply(blocks, onMarker, mark) {
      const keep = (node: ImportNode): ImportNode[] => {
        const out = mark({ ...node, text: (node.text ?? "").replace(stray, "") });
        return out ? [out] : [];
      };
      const walk = (node: ImportNode): ImportNode[] => {
        if (node.type === "text" && typeof node.text === "string") {
          if (!node.text.includes(open)) return keep(node);
          const out: ImportNode[] = [];
          let last = 0;
          for (const m of node.text.matchAll(marker)) {
            const piece = node.text.slice(last, m.index);
            if (piece) out.push(...keep({ ...node, text: piece }));
            last = (m.index ?? 0) + m[0].length;
            onMarker(m[1] as "s" | "e", m[2]!);
          }
          const rest = node.text.slice(last);
          if (rest) out.push(...keep({ ...node, text: rest }));
          return out;
        }
        if (!Array.isArray(node.content)) return [node];
        return [{ ...node, content: node.content.flatMap(walk) }];
      };
      const next = blocks.flatMap(walk);
      blocks.splice(0, blocks.length, ...next.map(dropEmptyText));
    },
  };
}

/** Text runs that held only a marker are gone. */
function dropEmptyText(node: ImportNode): ImportNode {
  if (!Array.isArray(node.content)) return node;
  return { ...node, content: node.content.filter((c) => !(c.type === "text" && !c.text)).map(dropEmptyText) };
}

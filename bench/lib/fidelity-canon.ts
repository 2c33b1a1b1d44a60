// One comparable form for a rendered HTML page and for a document of the schema, used by
// bench/fidelity.ts: a list of lines, one per text block, naming the block's path of
// containers ("blockquote>ul>li>p") and its text as runs with their marks. What a reader
// sees is what is compared: whitespace collapses as a browser collapses it (except in code
// blocks), a tight list item's text counts as a paragraph, link titles and the difference
// between <em> and <i> do not count.
import { Parser } from "htmlparser2";

interface Run {
  text: string;
  marks: string[];
}
interface Block {
  path: string;
  runs: Run[];
  raw: boolean;
}

const INLINE_MARKS: Record<string, string> = {
  em: "italic",
  i: "italic",
  strong: "bold",
  b: "bold",
  code: "code",
  del: "strike",
  s: "strike",
  strike: "strike",
  sup: "superscript",
  sub: "subscript",
  mark: "highlight",
  u: "underline",
  ins: "underline",
};
const CONTAINERS = new Set(["ul", "ol", "li", "blockquote", "table", "tr", "td", "th", "dl", "dd", "dt", "figure"]);
const TEXT_BLOCKS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "pre"]);
/** Containers whose inline text is a paragraph of its own (a tight list item, a table cell). */
const IMPLICIT_P = new Set(["li", "td", "th", "dd", "dt", "blockquote"]);

function href(value: string | undefined): string {
  const raw = (value ?? "").trim();
  try {
    return decodeURI(raw);
  } catch {
    return raw;
  }
}

/** Lines of a block list: collapsed, trimmed, adjacent runs with the same marks joined; empty paragraphs left out. */
function lines(blocks: Block[]): string[] {
  const out: string[] = [];
  for (const block of blocks) {
    const runs: Run[] = [];
    for (const run of block.runs) {
      const text = block.raw || run.marks.includes("br") ? run.text : run.text.replace(/[ \t\n\r]+/g, " ");
      const last = runs.at(-1);
      if (last && last.marks.join() === run.marks.join() && !run.marks.includes("br") && !run.marks.includes("img")) last.text += text;
      else runs.push({ text, marks: run.marks });
    }
    if (!block.raw) {
      // Spaces at the block's edges and around a line break are not seen.
      for (let i = 0; i < runs.length; i++) {
        const r = runs[i]!;
        if (r.marks.includes("br") || r.marks.includes("img")) continue;
        const prev = runs[i - 1];
        const next = runs[i + 1];
        if (!prev || prev.marks.includes("br")) r.text = r.text.replace(/^ +/, "");
        if (!next || next.marks.includes("br")) r.text = r.text.replace(/ +$/, "");
      }
    }
    const kept = runs.filter((r) => r.text !== "" || r.marks.includes("br") || r.marks.includes("img"));
    if (!kept.length && block.path.endsWith("p") && !block.path.endsWith("hr")) continue;
    out.push(`${block.path}: ${kept.map((r) => (r.marks.length ? `[${r.marks.join(",")}]` : "") + JSON.stringify(r.text)).join(" ")}`);
  }
  return out;
}

/** A rendered page (the CommonMark spec's HTML of an example) → lines. */
export function htmlCanon(html: string): string[] {
  const blocks: Block[] = [];
  const path: string[] = [];
  const marks: string[][] = [];
  let block: Block | null = null;
  let implicit = false;
  const open = (name: string, raw = false) => {
    block = { path: [...path, name].join(">"), runs: [], raw };
    blocks.push(block);
  };
  const parser = new Parser(
    {
      onopentag(name, attrs) {
        if (CONTAINERS.has(name) || TEXT_BLOCKS.has(name) || name === "hr") {
          if (implicit) {
            block = null;
            implicit = false;
          }
        }
        if (CONTAINERS.has(name)) {
          const start = name === "ol" && attrs.start && attrs.start !== "1" ? `[start=${Number(attrs.start)}]` : "";
          path.push(name === "th" ? "td" : name + start);
          marks.push([]);
          return;
        }
        if (TEXT_BLOCKS.has(name)) {
          open(name, name === "pre");
          marks.push([]);
          return;
        }
        if (name === "hr") {
          open("hr");
          block = null;
          marks.push([]);
          return;
        }
        if (name === "code" && (block as Block | null)?.raw) {
          const lang = /language-(\S+)/.exec(attrs.class ?? "")?.[1];
          if (lang) (block as unknown as Block).path += `[lang=${lang}]`;
          marks.push([]);
          return;
        }
        let mark: string | undefined = INLINE_MARKS[name];
        if (name === "a") mark = `link:${href(attrs.href)}`;
        if (name === "br" || name === "img") {
          if (!block) {
            open("p");
            implicit = true;
          }
          (block as unknown as Block).runs.push(name === "br" ? { text: "\n", marks: ["br"] } : { text: attrs.alt ?? "", marks: ["img", href(attrs.src)] });
        }
        marks.push(mark ? [mark] : []);
      },
      ontext(text) {
        if (!block) {
          if (!text.trim()) return;
          const top = path.at(-1)?.replace(/\[.*$/, "") ?? "";
          if (!IMPLICIT_P.has(top) && path.length) return;
          open("p");
          implicit = true;
        }
        const current = [...new Set(marks.flat())].sort();
        (block as unknown as Block).runs.push({ text, marks: current });
      },
      onclosetag(name) {
        marks.pop();
        if (CONTAINERS.has(name)) {
          if (implicit) {
            block = null;
            implicit = false;
          }
          path.pop();
        } else if (TEXT_BLOCKS.has(name)) {
          // HTML ends a code block's text with its last line ending, which a code block of the
          // document does not hold (its text is the lines between the fences): that one
          // "\n" is left out here, and only here, so blank lines at the end still count.
          const last = name === "pre" ? (block as Block | null)?.runs.at(-1) : undefined;
          if (last) last.text = last.text.replace(/\n$/, "");
          block = null;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, recognizeSelfClosing: true },
  );
  parser.write(html);
  parser.end();
  return lines(blocks);
}

interface JsonNode {
  type: string;
  attrs?: Record<string, unknown> | null;
  content?: JsonNode[];
  text?: string;
  marks?: { type: string; attrs?: Record<string, unknown> | null }[];
}

const NODE_TAGS: Record<string, string> = {
  paragraph: "p",
  bulletList: "ul",
  taskList: "ul",
  listItem: "li",
  taskItem: "li",
  blockquote: "blockquote",
  codeBlock: "pre",
  horizontalRule: "hr",
  table: "table",
  tableRow: "tr",
  tableHeader: "td",
  tableCell: "td",
};

function markName(mark: { type: string; attrs?: Record<string, unknown> | null }): string | null {
  if (mark.type === "link") return `link:${href(String(mark.attrs?.href ?? ""))}`;
  if (mark.type === "textStyle" || mark.type.startsWith("ai") || mark.type.startsWith("suggestion")) return null;
  return mark.type;
}

/** A document of the schema (what an import stores) → lines. */
export function docCanon(doc: JsonNode): string[] {
  const blocks: Block[] = [];
  const walk = (node: JsonNode, path: string[]) => {
    if (node.type === "text" || node.type === "hardBreak") return;
    let tag = NODE_TAGS[node.type] ?? node.type;
    if (node.type === "heading") tag = `h${node.attrs?.level ?? 1}`;
    if (node.type === "orderedList") tag = node.attrs?.start !== undefined && node.attrs?.start !== null && node.attrs.start !== 1 ? `ol[start=${node.attrs.start}]` : "ol";
    if (node.type === "codeBlock" && node.attrs?.language) tag += `[lang=${node.attrs.language}]`;
    const here = [...path, tag];
    const children = node.content ?? [];
    const inline = children.length > 0 && children.every((c) => c.type === "text" || c.type === "hardBreak" || c.type === "image");
    if (node.type === "horizontalRule") blocks.push({ path: here.join(">"), runs: [], raw: false });
    else if (inline || node.type === "paragraph" || node.type === "heading" || node.type === "codeBlock") {
      const block: Block = { path: here.join(">"), runs: [], raw: node.type === "codeBlock" };
      for (const child of children) {
        if (child.type === "hardBreak") block.runs.push({ text: "\n", marks: ["br"] });
        else if (child.type === "image") block.runs.push({ text: String(child.attrs?.alt ?? ""), marks: ["img", href(String(child.attrs?.src ?? ""))] });
        else
          block.runs.push({
            text: child.text ?? "",
            marks: [...new Set((child.marks ?? []).map(markName).filter((m): m is string => m !== null))].sort(),
          });
      }
      blocks.push(block);
    } else if (node.type === "image") {
      // A block image counts as a paragraph holding it, as CommonMark renders one.
      blocks.push({ path: [...path, "p"].join(">"), runs: [{ text: String(node.attrs?.alt ?? ""), marks: ["img", href(String(node.attrs?.src ?? ""))] }], raw: false });
    } else for (const child of children) walk(child, node.type === "doc" ? path : here);
  };
  for (const child of doc.content ?? []) walk(child, []);
  return lines(blocks);
}

/** Words of a text, for counting what survives (letters and digits, lower case). */
export function words(text: string): string[] {
  return text.normalize("NFC").toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Text marked as a pending deletion: Word's own text, as it shows it with the changes taken, has none of it. */
const pendingDeletion = (node: JsonNode) => (node as { marks?: { type: string }[] }).marks?.some((m) => m.type === "suggestionDelete") ?? false;

/**
 * Every word a document shows: its text (and its title, which the import takes from the text).
 * A block's text runs are joined, as marks may split a word. Text suggested for deletion is
 * left out, as docx-words.ts leaves out Word's deleted text (w:delText): both count the
 * text with the tracked changes taken, which a deletion beside an insertion or mid-word
 * ("a" + deleted "n excessively modified") would otherwise join into other words.
 */
export function docWords(doc: JsonNode, title = ""): string[] {
  const out: string[] = words(title);
  const stack: JsonNode[] = [doc];
  while (stack.length) {
    const node = stack.pop()!;
    const children = node.content ?? [];
    if (children.some((c) => c.type === "text")) out.push(...words(children.map((c) => (pendingDeletion(c) ? "" : (c.text ?? " "))).join("")));
    else stack.push(...children);
  }
  return out;
}

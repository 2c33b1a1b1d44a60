// HTML export: a complete standalone HTML5 file with a small embedded stylesheet that
// keeps alignment, colours, fonts and sizes. Everything is built from escaped text and
// attribute values checked against fixed patterns: no script, no event handler, no
// unsafe link scheme and no CSS beyond the validated declarations can come out of it.
import { isLinkedImageSrc } from "../contracts/image-src.js";
import { isAllowedHref } from "../editor/links.js";
import { codeLanguage } from "../editor/nodes/code-languages.js";
import type { DocNode } from "../editor/schema.js";
import { MAX_EXPORT_DEPTH, attr, children, flattenedParagraph, headingLevel, isChecked, marksOf, orderedStart, textOf } from "./inline.js";
import { collectFootnotes } from "./footnotes.js";
import { hasLinkedImage, hasRelativeImage, imageParts } from "./image.js";
import { cssFontFamily, safeAlign, safeColor, safeFontSize } from "./styles.js";
import { columnWidths, tableGrid } from "./table-grid.js";

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

const STYLESHEET = `
:root { color-scheme: light; }
body { margin: 0; background: #f8fafc; color: #111827; font: 16px/1.6 Inter, "Segoe UI", Helvetica, Arial, sans-serif; }
main { max-width: 48rem; margin: 2rem auto; padding: 2.5rem 3rem; background: #ffffff; border-radius: 8px; box-shadow: 0 1px 3px rgba(0,0,0,.08); }
.document-title { font-size: 2.25rem; font-weight: 700; line-height: 1.2; margin: 0 0 1.5rem; }
h1 { font-size: 2rem; margin: 1.5rem 0 .75rem; line-height: 1.25; }
h2 { font-size: 1.5rem; margin: 1.25rem 0 .5rem; line-height: 1.3; }
h3 { font-size: 1.25rem; margin: 1rem 0 .5rem; line-height: 1.35; }
h4 { font-size: 1.1rem; margin: 1rem 0 .5rem; line-height: 1.4; }
h5 { font-size: 1rem; margin: .875rem 0 .5rem; line-height: 1.4; }
h6 { font-size: .875rem; margin: .875rem 0 .5rem; line-height: 1.4; text-transform: uppercase; letter-spacing: .04em; color: #4b5563; }
p { margin: 0 0 .75rem; }
ul, ol { margin: 0 0 .75rem; padding-left: 1.75rem; }
li > p { margin: 0; }
ul[data-type="taskList"] { list-style: none; padding-left: .25rem; }
li[data-type="taskItem"] { display: flex; gap: .5rem; align-items: flex-start; }
li[data-type="taskItem"] > label { flex: none; padding-top: .2em; }
li[data-type="taskItem"] > label > input { margin: 0; width: 1rem; height: 1rem; accent-color: #2563eb; }
li[data-type="taskItem"] > div { flex: 1; min-width: 0; }
li[data-type="taskItem"][data-checked="true"] > div > p { color: #6b7280; text-decoration: line-through; }
mark { background: #fef08a; color: inherit; padding: 0 .1em; border-radius: 2px; }
sup, sub { font-size: .75em; line-height: 0; }
blockquote { margin: 0 0 .75rem; padding: .25rem 0 .25rem 1rem; border-left: 3px solid #d1d5db; color: #4b5563; font-style: italic; }
pre { margin: 0 0 .75rem; padding: .75rem 1rem; background: #f3f4f6; border-radius: 6px; overflow-x: auto; }
code { font-family: "JetBrains Mono", "Courier New", Courier, monospace; font-size: .9em; }
:not(pre) > code { background: #f3f4f6; padding: .1em .3em; border-radius: 4px; }
figure { margin: 1rem 0; max-width: 100%; } figure img { display: block; height: auto; } figcaption { font-size: .875rem; color: #4b5563; text-align: center; margin-top: .375rem; }
hr { border: 0; border-top: 1px solid #e5e7eb; margin: 1.5rem 0; }
a { color: #2563eb; }
sup.footnote-ref a { text-decoration: none; padding: 0 .1em; }
section.footnotes { margin-top: 2rem; font-size: .9em; }
section.footnotes hr { margin: 0 0 1rem; }
a.footnote-back { text-decoration: none; margin-left: .25em; }
table { border-collapse: collapse; margin: 0 0 .75rem; display: block; width: max-content; max-width: 100%; overflow-x: auto; }
th, td { border: 1px solid #d1d5db; padding: .375rem .625rem; vertical-align: top; text-align: left; }
th { background: #f3f4f6; font-weight: 600; }
th > :last-child, td > :last-child { margin-bottom: 0; }
@media print { body { background: none; } main { box-shadow: none; margin: 0; padding: 0; max-width: none; } }
`.trim();

export interface HtmlOptions {
  title: string;
}

/**
 * Where the file's pictures may load from: its own data: URLs, the linked pictures' sites
 * (https: http:) and, for relative pictures (files beside the original document, opened
 * beside the export), the folder the file was opened from: 'self' for a copy served from a
 * site, file: for one opened from disk (browsers differ on whether 'self' covers file:).
 */
function imageSources(doc: DocNode): string {
  return ["data:", ...(hasLinkedImage(doc) ? ["https:", "http:"] : []), ...(hasRelativeImage(doc) ? ["'self'", "file:"] : [])].join(" ");
}

/** The whole file. */
export function docToHtml(doc: DocNode, opts: HtmlOptions): string {
  const title = escapeHtml(opts.title.trim() || "Untitled Document");
  return [
    "<!DOCTYPE html>",
    '<html lang="en">',
    "<head>",
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    // Even if a browser opened this file from a site, nothing in it may load or run, but
    // the pictures the document holds by address (imageSources).
    `<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src ${imageSources(doc)}">`,
    `<title>${title}</title>`,
    `<style>${STYLESHEET}</style>`,
    "</head>",
    "<body>",
    "<main>",
    `<p class="document-title">${title}</p>`,
    docToHtmlFragment(doc),
    "</main>",
    "</body>",
    "</html>",
    "",
  ].join("\n");
}

/** The numbers of the footnote references of the document being written (synchronous). */
let footnoteNumbers: Map<DocNode, number> = new Map();

/**
 * Just the body markup (the shared view and Print reuse it). Footnotes are numbered links to
 * a notes section at the end, each note linking back, as pandoc and Word write them.
 */
export function docToHtmlFragment(doc: DocNode): string {
  const { body, numberOf, notes } = collectFootnotes(doc);
  footnoteNumbers = numberOf;
  try {
    const out = renderBlocks(body, 0);
    if (notes.length) {
      const items = notes.map((note) => {
        const back = `<a href="#fnref-${note.number}" class="footnote-back" role="doc-backlink" aria-label="Back to reference ${note.number}">↩</a>`;
        const paragraphs = note.paragraphs.length ? renderBlocks(note.paragraphs, 1) : ["<p></p>"];
        paragraphs[paragraphs.length - 1] = paragraphs[paragraphs.length - 1]!.replace(/<\/p>$/, ` ${back}</p>`).replace(/<br> (<a)/, "$1");
        return `<li id="fn-${note.number}">${paragraphs.join("")}</li>`;
      });
      out.push(`<section class="footnotes" role="doc-endnotes">\n<hr>\n<ol>\n${items.join("\n")}\n</ol>\n</section>`);
    }
    return out.join("\n");
  } finally {
    footnoteNumbers = new Map();
  }
}

function renderBlocks(nodes: DocNode[], depth: number): string[] {
  const out: string[] = [];
  for (const node of nodes) out.push(renderBlock(node, depth));
  return out;
}

function alignAttr(node: DocNode): string {
  const align = safeAlign(node);
  return align && align !== "left" ? ` style="text-align: ${align}"` : "";
}

function renderBlock(node: DocNode, depth: number): string {
  const container = ["bulletList", "orderedList", "blockquote", "listItem", "taskList", "taskItem"].includes(node.type);
  if (container && depth >= MAX_EXPORT_DEPTH) return renderBlock(flattenedParagraph(node), depth);
  switch (node.type) {
    case "paragraph": {
      const inner = renderInline(children(node));
      return `<p${alignAttr(node)}>${inner || "<br>"}</p>`;
    }
    case "heading": {
      const tag = `h${headingLevel(node)}`;
      return `<${tag}${alignAttr(node)}>${renderInline(children(node))}</${tag}>`;
    }
    case "bulletList":
      return `<ul>\n${renderBlocks(children(node), depth + 1).join("\n")}\n</ul>`;
    case "orderedList": {
      const start = orderedStart(node);
      return `<ol${start !== 1 ? ` start="${start}"` : ""}>\n${renderBlocks(children(node), depth + 1).join("\n")}\n</ol>`;
    }
    case "listItem":
      return `<li>${renderBlocks(children(node), depth + 1).join("\n")}</li>`;
    // The markup TipTap writes (and reads back on import): checkboxes shown, not clickable.
    case "taskList":
      return `<ul data-type="taskList">\n${renderBlocks(children(node), depth + 1).join("\n")}\n</ul>`;
    case "taskItem": {
      const checked = isChecked(node);
      const box = `<label><input type="checkbox"${checked ? " checked" : ""} disabled></label>`;
      return `<li data-type="taskItem" data-checked="${checked}">${box}<div>${renderBlocks(children(node), depth + 1).join("\n")}</div></li>`;
    }
    case "blockquote":
      return `<blockquote>\n${renderBlocks(children(node), depth + 1).join("\n")}\n</blockquote>`;
    case "codeBlock": {
      const language = codeLanguage(attr(node, "language"));
      const cls = language ? ` class="language-${escapeHtml(language)}"` : "";
      const code = children(node)
        .map((c) => (c.type === "hardBreak" ? "\n" : textOf(c)))
        .join("");
      return `<pre><code${cls}>${escapeHtml(code)}</code></pre>`;
    }
    case "horizontalRule":
      return "<hr>";
    case "footnotes":
      // Written after the body (docToHtmlFragment).
      return "";
    case "table":
      return depth >= MAX_EXPORT_DEPTH ? renderBlock(flattenedParagraph(node), depth) : renderTable(node, depth);
    case "image":
      return renderImage(node);
    case "text":
    case "hardBreak":
      return renderBlock({ type: "paragraph", content: [node] }, depth);
    default:
      return renderBlocks(children(node), depth + 1).join("\n");
  }
}

/**
 * TipTap's table markup: th / td with colspan and rowspan, the widths a writer dragged as
 * TipTap's "colwidth" attribute and a <colgroup>, a header row in <thead>. One line per row.
 */
export function renderTable(node: DocNode, depth: number): string {
  const grid = tableGrid(node);
  const widths = columnWidths(grid);
  const out = ["<table>"];
  if (widths.some((w) => w !== null)) {
    out.push(`<colgroup>${widths.map((w) => (w === null ? "<col>" : `<col style="width: ${Math.round(w)}px">`)).join("")}</colgroup>`);
  }
  grid.rows.forEach((row, r) => {
    if (r === 0 && grid.headerRow) out.push("<thead>");
    if (r === (grid.headerRow ? 1 : 0)) out.push("<tbody>");
    const cells = row.map((cell) => {
      const tag = cell.header ? "th" : "td";
      let attrs = "";
      if (cell.colspan > 1) attrs += ` colspan="${cell.colspan}"`;
      if (cell.rowspan > 1) attrs += ` rowspan="${cell.rowspan}"`;
      if (cell.widths && cell.widths.length === cell.colspan && cell.widths.every((w) => w !== null)) attrs += ` colwidth="${cell.widths.map((w) => Math.round(w!)).join(",")}"`;
      if (cell.align) attrs += ` style="text-align: ${cell.align}"`;
      return `<${tag}${attrs}>${renderBlocks(children(cell.node), depth + 3).join("")}</${tag}>`;
    });
    out.push(`<tr>${cells.join("")}</tr>`);
    if (r === 0 && grid.headerRow) out.push("</thead>");
  });
  if (grid.rows.length > (grid.headerRow ? 1 : 0)) out.push("</tbody>");
  out.push("</table>");
  return out.join("\n");
}

/** A figure: the picture (when its src is one a file may carry), its alt text and caption. */
function renderImage(node: DocNode): string {
  const p = imageParts(node);
  const margin = p.align === "center" ? "margin-left: auto; margin-right: auto" : p.align === "right" ? "margin-left: auto" : "";
  const style = [p.width ? `width: ${p.width}%` : "", margin].filter(Boolean).join("; ");
  // A linked picture is asked for without this file's address (no-referrer).
  const referrer = isLinkedImageSrc(p.src) ? ' referrerpolicy="no-referrer"' : "";
  const img = p.src ? `<img src="${escapeHtml(p.src)}" alt="${escapeHtml(p.alt)}"${referrer} style="max-width: 100%; ${p.width ? "width: 100%" : ""}">` : `<p>[Picture${p.alt ? `: ${escapeHtml(p.alt)}` : ""}]</p>`;
  const caption = p.caption ? `<figcaption>${escapeHtml(p.caption)}</figcaption>` : "";
  return `<figure data-type="image" data-align="${p.align}"${style ? ` style="${style}"` : ""}>${img}${caption}</figure>`;
}

function linkHref(node: DocNode): { href: string; blank: boolean } | null {
  const link = marksOf(node).find((m) => m.type === "link");
  if (!link || !isAllowedHref(link.attrs?.href)) return null;
  return { href: link.attrs!.href as string, blank: link.attrs?.target === "_blank" };
}

/** Inline content: consecutive nodes with the same link share one <a>. */
function renderInline(nodes: DocNode[]): string {
  let out = "";
  let i = 0;
  while (i < nodes.length) {
    const link = linkHref(nodes[i]!);
    if (!link) {
      out += renderLeaf(nodes[i]!);
      i++;
      continue;
    }
    let inner = "";
    while (i < nodes.length) {
      const next = linkHref(nodes[i]!);
      if (!next || next.href !== link.href || next.blank !== link.blank) break;
      inner += renderLeaf(nodes[i]!);
      i++;
    }
    const target = link.blank ? ' target="_blank"' : "";
    out += `<a href="${escapeHtml(link.href)}"${target} rel="noopener noreferrer">${inner}</a>`;
  }
  return out;
}

function renderLeaf(node: DocNode): string {
  if (node.type === "hardBreak") return "<br>";
  if (node.type === "footnoteReference") {
    const n = footnoteNumbers.get(node);
    return n ? `<sup class="footnote-ref"><a href="#fn-${n}" id="fnref-${n}" role="doc-noteref">${n}</a></sup>` : "";
  }
  if (node.type !== "text") return "";
  let html = escapeHtml(textOf(node));
  const marks = marksOf(node);
  const has = (t: string) => marks.some((m) => m.type === t);
  // Innermost first, so the result nests the same way for every node.
  if (has("code")) html = `<code>${html}</code>`;
  if (has("subscript")) html = `<sub>${html}</sub>`;
  else if (has("superscript")) html = `<sup>${html}</sup>`;
  if (has("highlight")) html = `<mark>${html}</mark>`;
  if (has("strike")) html = `<s>${html}</s>`;
  if (has("underline")) html = `<u>${html}</u>`;
  if (has("italic")) html = `<em>${html}</em>`;
  if (has("bold")) html = `<strong>${html}</strong>`;
  const style = marks.find((m) => m.type === "textStyle");
  if (style) {
    const decls: string[] = [];
    const color = safeColor(style.attrs?.color);
    const family = cssFontFamily(style.attrs?.fontFamily);
    const size = safeFontSize(style.attrs?.fontSize);
    if (color) decls.push(`color: ${color}`);
    if (family) decls.push(`font-family: ${family}`);
    if (size) decls.push(`font-size: ${size}`);
    if (decls.length) html = `<span style="${escapeHtml(decls.join("; "))}">${html}</span>`;
  }
  return html;
}

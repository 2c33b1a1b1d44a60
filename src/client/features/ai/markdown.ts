// A small Markdown → editor JSON converter for model answers: paragraphs, headings (1–3),
// bullet and numbered lists, block quotes, code blocks, and bold / italic / inline code.
// Anything else stays literal text, so the result always fits the document schema.
export interface JsonMark {
  type: "bold" | "italic" | "code";
}
export interface JsonNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: JsonNode[];
  text?: string;
  marks?: JsonMark[];
}

/** Inline Markdown (**bold**, *italic* / _italic_, `code`) → text nodes with marks. */
export function parseInline(text: string): JsonNode[] {
  const out: JsonNode[] = [];
  const re = /(`([^`]+)`)|(\*\*([^*]+)\*\*|__([^_]+)__)|(\*([^*\s][^*]*)\*|(?<![\p{L}\p{N}])_([^_\s][^_]*)_(?![\p{L}\p{N}]))/gu;
  let last = 0;
  for (const m of text.matchAll(re)) {
    const i = m.index ?? 0;
    if (i > last) out.push({ type: "text", text: text.slice(last, i) });
    if (m[2] !== undefined) out.push({ type: "text", text: m[2], marks: [{ type: "code" }] });
    else if (m[3] !== undefined) {
      for (const n of parseInline(m[4] ?? m[5] ?? "")) out.push({ ...n, marks: [...(n.marks ?? []), { type: "bold" }] });
    } else {
      for (const n of parseInline(m[7] ?? m[8] ?? "")) out.push({ ...n, marks: [...(n.marks ?? []), { type: "italic" }] });
    }
    last = i + m[0].length;
  }
  if (last < text.length) out.push({ type: "text", text: text.slice(last) });
  return out.filter((n) => n.text !== "");
}

const paragraph = (text: string): JsonNode => {
  const content = parseInline(text);
  return content.length ? { type: "paragraph", content } : { type: "paragraph" };
};

/** Markdown → block nodes (the content of a `doc`). */
export function markdownToNodes(markdown: string): JsonNode[] {
  const lines = markdown.replace(/\r\n?/g, "\n").split("\n");
  const blocks: JsonNode[] = [];
  let para: string[] = [];
  const flush = () => {
    if (para.length) blocks.push(paragraph(para.join(" ").trim()));
    para = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const fence = /^```/.exec(line.trim());
    if (fence) {
      flush();
      const code: string[] = [];
      for (i++; i < lines.length && !/^```/.test(lines[i]!.trim()); i++) code.push(lines[i]!);
      blocks.push({ type: "codeBlock", content: code.length ? [{ type: "text", text: code.join("\n") }] : undefined });
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      flush();
      blocks.push({ type: "heading", attrs: { level: Math.min(3, heading[1]!.length) }, content: parseInline(heading[2]!) });
      continue;
    }
    const item = /^\s*([-*+]|\d+[.)])\s+(.*)$/.exec(line);
    if (item) {
      flush();
      const ordered = /\d/.test(item[1]!);
      const type = ordered ? "orderedList" : "bulletList";
      const li: JsonNode = { type: "listItem", content: [paragraph(item[2]!)] };
      const prev = blocks[blocks.length - 1];
      if (prev?.type === type) prev.content!.push(li);
      else blocks.push({ type, content: [li] });
      continue;
    }
    const quote = /^>\s?(.*)$/.exec(line);
    if (quote) {
      flush();
      const prev = blocks[blocks.length - 1];
      if (prev?.type === "blockquote") prev.content!.push(paragraph(quote[1]!));
      else blocks.push({ type: "blockquote", content: [paragraph(quote[1]!)] });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    para.push(line.trim());
  }
  flush();
  return blocks.filter((b) => b.type !== "paragraph" || b.content);
}

/** True when the answer is a single plain paragraph (insert inline instead of as blocks). */
export function isInlineAnswer(nodes: JsonNode[]): boolean {
  return nodes.length <= 1 && (nodes[0]?.type ?? "paragraph") === "paragraph";
}

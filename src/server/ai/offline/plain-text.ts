// The prose of a document written in Markdown, for extractive summaries and outlines: code,
// link definitions, images, tables, HTML and citation markers ("[8]") are not sentences the
// writer would want quoted back, and markup characters should not end up inside a summary.
const FENCE = /^(\s*)(```|~~~)[^\n]*\n[\s\S]*?^\1\2[^\n]*$/gm;

export function proseOf(markdown: string): string {
  return markdown
    .replace(FENCE, "")
    .split("\n")
    .filter((line) => !/^\s{0,3}\[[^\]]+\]:\s*\S/.test(line)) // [id]: https://… link definitions
    .filter((line) => !/^\s*\|.*\|\s*$/.test(line)) // table rows
    .filter((line) => !/^ {4,}\S/.test(line) && !/^\t/.test(line)) // indented code
    .map((line) =>
      line
        .replace(/!\[[^\]]*\]\([^)]*\)/g, "") // images
        .replace(/\[([^\]]+)\]\([^)]*\)/g, "$1") // [text](url) → text
        .replace(/\[([^\]]+)\]\[[^\]]*\]/g, "$1") // [text][id] → text
        .replace(/\[(?:\d+(?:\s*[-–,]\s*\d+)*|citation needed|note \d+)\]/gi, "") // citation markers
        .replace(/<\/?[a-z][^>]*>/gi, "") // HTML tags
        .replace(/`([^`]*)`/g, "$1") // inline code: its words stay
        .replace(/(\*\*|__)(.+?)\1/g, "$2")
        .replace(/(^|[\s(])[*_]([^*_\s][^*_]*?)[*_](?=[\s).,;:!?]|$)/g, "$1$2")
        .replace(/^\s{0,3}>\s?/, "") // block quotes
        .replace(/^\s*(?:[-*+•]|\d+[.)])\s+/, "") // list markers
        .replace(/[ \t]+([.,;:!?])/g, "$1")
        .replace(/[ \t]{2,}/g, " ")
        .trimEnd(),
    )
    .join("\n");
}

/** Whether two sentences say nearly the same thing: most of their content words are shared. */
export function nearDuplicate(a: Set<string>, b: Set<string>): boolean {
  if (a.size === 0 || b.size === 0) return false;
  let shared = 0;
  for (const w of a) if (b.has(w)) shared++;
  return shared / Math.min(a.size, b.size) >= 0.8;
}

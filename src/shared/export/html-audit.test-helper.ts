// Test helper: parses HTML with a real parser (htmlparser2, the one sanitize-html uses)
// and lists everything that could run script or leave through an unsafe link.
import { parseDocument } from "htmlparser2";
import { isAllowedHref } from "../editor/links.js";

export interface HtmlAudit {
  problems: string[];
  tags: string[];
  links: string[];
  texts: string[];
}

const SAFE_STYLE = /^(?:(?:text-align|color|font-family|font-size): [^;]+)(?:; (?:color|font-family|font-size): [^;]+)*$/;

/** requireRel: our own HTML export must mark every link rel="noopener noreferrer". */
export function auditHtml(html: string, opts: { requireRel?: boolean } = {}): HtmlAudit {
  const dom = parseDocument(html);
  const problems: string[] = [];
  const tags: string[] = [];
  const links: string[] = [];
  const texts: string[] = [];
  type N = { type: string; name?: string; attribs?: Record<string, string>; children?: N[]; data?: string };
  const stack: N[] = [dom as unknown as N];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.type === "text") texts.push(node.data ?? "");
    if (node.name) {
      tags.push(node.name);
      if (["script", "iframe", "object", "embed", "img", "svg", "math", "link", "base", "form"].includes(node.name)) {
        problems.push(`<${node.name}> element`);
      }
      for (const [key, value] of Object.entries(node.attribs ?? {})) {
        if (/^on/i.test(key)) problems.push(`${key} handler`);
        if (key === "href" || key === "src" || key === "action" || key === "formaction") {
          if (node.name === "a") links.push(value);
          if (!isAllowedHref(value)) problems.push(`unsafe ${key}: ${value}`);
        }
        if (key === "style" && !SAFE_STYLE.test(value)) problems.push(`style: ${value}`);
        if (key === "style" && /url\(|expression|javascript|@import|[<>{}\\]/i.test(value)) problems.push(`style: ${value}`);
      }
      if (opts.requireRel && node.name === "a" && node.attribs?.rel !== "noopener noreferrer") problems.push("link without rel=noopener noreferrer");
    }
    for (const child of node.children ?? []) stack.push(child);
  }
  return { problems, tags, links, texts };
}

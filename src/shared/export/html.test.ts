import { describe, expect, it } from "vitest";
import type { DocNode } from "../editor/schema.js";
import { KITCHEN_SINK, KITCHEN_SINK_WORDS, hostileDoc } from "./fixtures.js";
import { auditHtml } from "./html-audit.test-helper.js";
import { docToHtml, docToHtmlFragment } from "./html.js";

describe("docToHtml", () => {
  const html = docToHtml(KITCHEN_SINK, { title: "Q3 <Report>" });

  it("is a complete standalone HTML5 document with its own stylesheet", () => {
    expect(html.startsWith("<!DOCTYPE html>\n<html lang=\"en\">")).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(html).toContain("<title>Q3 &lt;Report&gt;</title>");
    expect(html).toMatch(/<style>[\s\S]*blockquote[\s\S]*<\/style>/);
    expect(html).toContain('<p class="document-title">Q3 &lt;Report&gt;</p>');
    expect(html.trimEnd().endsWith("</html>")).toBe(true);
  });

  it("renders every node and mark, keeping alignment, colours, fonts and sizes", () => {
    expect(html).toContain('<h1 style="text-align: center">Quarterly Report</h1>');
    expect(html).toContain('<p style="text-align: right">Plain <strong>bold</strong> <em>italic</em> <u>under</u> <s>gone</s> <code>x = 1</code>');
    expect(html).toContain('<a href="https://example.com/a?b=1" target="_blank" rel="noopener noreferrer">Example site</a>');
    expect(html).toContain('<span style="color: #dc2626; font-family: &quot;Georgia&quot;; font-size: 20px">red text</span>');
    expect(html).toContain("suggested<br>after break <strong><em>bold italic</em></strong>");
    expect(html).toContain("<h2>Lists</h2>");
    expect(html).toContain("<h3>Quote and code</h3>");
    expect(html).toMatch(/<ul>\n<li><p>Apple<\/p>\n<ul>\n<li><p>Red<\/p><\/li>/);
    expect(html).toContain('<ol start="3">');
    expect(html).toContain("<blockquote>\n<p>To be or not to be</p>\n</blockquote>");
    expect(html).toContain('<pre><code class="language-ts">const a = `x`;\nconsole.log(a);</code></pre>');
    expect(html).toContain("<hr>");
    expect(html).toContain('<p style="text-align: justify">The end.</p>');
    const audit = auditHtml(html, { requireRel: true });
    expect(audit.problems).toEqual([]);
    const text = audit.texts.join("");
    for (const word of KITCHEN_SINK_WORDS) expect(text).toContain(word);
  });

  it("shares its body markup with docToHtmlFragment", () => {
    expect(html).toContain(docToHtmlFragment(KITCHEN_SINK));
    expect(docToHtmlFragment({ type: "doc", content: [{ type: "paragraph" }] })).toBe("<p><br></p>");
  });

  it("exports a hostile document with no script, handler, unsafe link or injected style", () => {
    const out = docToHtml(hostileDoc(), { title: "</title><script>alert(0)</script>" });
    const audit = auditHtml(out, { requireRel: true });
    expect(audit.problems).toEqual([]);
    expect(audit.tags).not.toContain("script");
    expect(audit.tags).not.toContain("img");
    expect(audit.links).toEqual(['https://ok.example/" onmouseover="alert(1)']);
    const text = audit.texts.join("");
    // The hostile markup is still there, as text a reader can see.
    expect(text).toContain("<script>alert(1)</script>");
    expect(text).toContain('<img src=x onerror="alert(1)">');
    expect(text).toContain("link javascript:alert(1)");
    expect(text).toContain("deepest");
    expect(text).toContain("x".repeat(200_000));
    // Rejected style values leave no declaration behind.
    expect(out).toContain("<p>styled</p>");
    expect(out).toContain("<p>styled2</p>");
    expect(out).not.toContain("language-");
    expect(out).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
  });

  it("quotes only validated font names and keeps generic families bare", () => {
    const doc: DocNode = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [{ type: "text", text: "a", marks: [{ type: "textStyle", attrs: { fontFamily: "'Times New Roman', serif", color: "rgb(1, 2, 3)", fontSize: "1.5em" } }] }],
        },
      ],
    };
    expect(docToHtmlFragment(doc)).toBe('<p><span style="color: rgb(1, 2, 3); font-family: &quot;Times New Roman&quot;, serif; font-size: 1.5em">a</span></p>');
  });
});

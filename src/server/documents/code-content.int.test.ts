// The content check on code: a code block keeps any language word within the safe rule
// (src/shared/editor/nodes/code-languages.ts) and inline code goes with a link and emphasis,
// on create, on save and in the exports; a language that breaks the rule is a 400 that says why.
import { describe, expect, it } from "vitest";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import { type AppWithOwner, createDocument, withAppAndOwner } from "./documents.test-util.js";
import { request } from "../test/harness.js";

const codeBlock = (language: unknown) => ({ type: "codeBlock", attrs: { language }, content: [{ type: "text", text: "graph TD" }] });
const doc = (...content: unknown[]) => ({ type: "doc", content });
const linkedCode = {
  type: "paragraph",
  content: [
    { type: "text", text: "Call " },
    { type: "text", text: "run()", marks: [{ type: "link", attrs: { href: "https://example.com/run" } }, { type: "bold" }, { type: "code" }] },
  ],
};

describe("code languages and marks in the content check", () => {
  let s: AppWithOwner;
  withAppAndOwner({}, (started) => (s = started));

  it("keeps a language lowlight does not know and code inside a link and bold, through saves and exports", async () => {
    const created = await createDocument(s.t, s.owner, { content: doc(codeBlock("foo+bar"), linkedCode) });
    expect(created.content).toMatchObject(doc({ attrs: { language: "foo+bar" } }, { content: [{}, { marks: [{ type: "link" }, { type: "bold" }, { type: "code" }] }] }));
    const saved = await request(s.t, "PATCH", `/api/documents/${created.id}`, { user: s.owner, payload: { content: doc(codeBlock("föö"), linkedCode), version: created.version } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((saved.json() as DocumentRecord).content.content?.[0]?.attrs).toEqual({ language: "föö" });
    const md = await request(s.t, "GET", `/api/documents/${created.id}/export?format=md`, { user: s.owner });
    expect(md.body).toContain("```föö\ngraph TD\n```");
    expect(md.body).toContain("Call [**`run()`**](https://example.com/run)");
    const html = await request(s.t, "GET", `/api/documents/${created.id}/export?format=html`, { user: s.owner });
    expect(html.body).toContain('<code class="language-föö">');
    expect(html.body).toMatch(/<a [^>]*href="https:\/\/example.com\/run"[^>]*><strong><code>run\(\)<\/code><\/strong><\/a>/);
  });

  it("refuses a language that breaks the rule with a 400 that says why, on create and on save", async () => {
    const created = await createDocument(s.t, s.owner, { content: doc(codeBlock("python")) });
    for (const language of ['x"><script>', "two words", "a`b", "a".repeat(65), "Python", 42]) {
      const made = await request(s.t, "POST", "/api/documents", { user: s.owner, payload: { content: doc(codeBlock(language)) } });
      expect(made.statusCode, String(language)).toBe(400);
      expect(made.json()).toMatchObject({ error: "validation_failed", message: expect.stringContaining("codeBlock.language must be a word of at most 64 characters in lower case") });
      const saved = await request(s.t, "PATCH", `/api/documents/${created.id}`, { user: s.owner, payload: { content: JSON.stringify(doc(codeBlock(language))), version: created.version } });
      expect(saved.statusCode, String(language)).toBe(400);
      expect(saved.body).toContain("without white space, quotes, angle brackets, backticks or control characters");
    }
    const read = await request(s.t, "GET", `/api/documents/${created.id}`, { user: s.owner });
    expect((read.json() as DocumentRecord).content.content?.[0]?.attrs).toEqual({ language: "python" });
  });
});

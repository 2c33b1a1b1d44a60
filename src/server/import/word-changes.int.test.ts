// Word tracked changes and people's suggestions, both ways: a document's pending suggestions
// export to Word as <w:ins>/<w:del> with the author's name and time (other formats leave them
// out), and a Word file's insertions, deletions and moves import as suggestions naming the
// Word author, which read as the text before the changes until someone accepts them.
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import type { DocumentRecord, DocumentSummary } from "../../shared/contracts/documents.js";
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "../../shared/editor/suggestion-names.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { createDocument, withAppAndOwner } from "../documents/documents.test-util.js";
import { docToDocx } from "../export/docx.js";
import { type TestApp, type TestUser, request } from "../test/harness.js";

describe("Word tracked changes", () => {
  let t: TestApp;
  let owner: TestUser;
  withAppAndOwner({ owner: { plan: "professional", fullName: "Olivia Owner" } }, (s) => ({ t, owner } = s));

  const importDocx = async (bytes: Buffer): Promise<DocumentRecord> => {
    const imported = await request(t, "POST", "/api/import", { user: owner, payload: { files: [{ name: "draft.docx", data: bytes.toString("base64") }] } });
    expect(imported.statusCode, imported.body).toBe(201);
    const id = (imported.json() as { results: { id: string }[] }).results[0]!.id;
    return (await request(t, "GET", `/api/documents/${id}`, { user: owner })).json() as DocumentRecord;
  };
  /** Each text run of the first paragraph: its text, its suggestion mark's kind and author's name. */
  const runs = (doc: DocNode) =>
    (doc.content ?? [])[0]!.content!.map((n) => {
      const m = n.marks?.find((x) => x.type === SUGGESTION_INSERT || x.type === SUGGESTION_DELETE);
      return m ? [n.text, m.type, m.attrs?.authorName, m.attrs?.createdAt] : [n.text];
    });

  it("exports a suggested paragraph break as an inserted paragraph mark and imports it back as one", async () => {
    const suggested = { id: "b1", group: "b1", author: owner.id, authorName: "Cora Commenter", createdAt: "2026-11-27T03:00:00.000Z" };
    const content: DocNode = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "Before the break" }] },
        { type: "paragraph", attrs: { suggestedBreak: suggested }, content: [{ type: "text", text: "after it." }] },
        { type: "paragraph", content: [{ type: "text", text: "Last." }] },
      ],
    };
    const doc = await importDocx(await docToDocx(content, { title: "Breaks" }));
    const blocks = (doc.content as DocNode).content!;
    expect(blocks.map((b) => b.content?.map((n) => n.text).join(""))).toEqual(["Before the break", "after it.", "Last."]);
    expect(blocks.map((b) => b.attrs?.suggestedBreak ?? null)).toEqual([null, expect.objectContaining({ author: null, authorName: "Cora Commenter", createdAt: "2026-11-27T03:00:00.000Z" }), null]);
  });

  it("exports pending suggestions as Word tracked changes and imports them back as suggestions", async () => {
    const by = (id: string) => ({ id, group: id, author: owner.id, authorName: "Cora Commenter", createdAt: "2026-11-27T03:00:00.000Z" });
    const content = {
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Alpha", marks: [{ type: SUGGESTION_DELETE, attrs: by("s1") }] },
            { type: "text", text: " " },
            { type: "text", text: "beta ", marks: [{ type: SUGGESTION_INSERT, attrs: by("s2") }] },
            { type: "text", text: "gamma" },
          ],
        },
      ],
    };
    const doc = await createDocument(t, owner, { title: "Draft", content });
    const exported = await request(t, "GET", `/api/documents/${doc.id}/export?format=docx`, { user: owner });
    expect(exported.statusCode).toBe(200);
    const xml = await (await JSZip.loadAsync(exported.rawPayload)).file("word/document.xml")!.async("string");
    expect(xml).toMatch(/<w:ins [^>]*w:author="Cora Commenter"[^>]*w:date="2026-11-27T03:00:00Z"[^>]*>.*?beta /s);
    expect(xml).toMatch(/<w:del [^>]*w:author="Cora Commenter"[^>]*>.*?<w:delText[^>]*>Alpha<\/w:delText>/s);
    // Other formats leave pending suggestions out: the text as it was.
    const md = await request(t, "GET", `/api/documents/${doc.id}/export?format=md`, { user: owner });
    expect(md.body).toContain("Alpha gamma");
    expect(md.body).not.toContain("beta");

    const back = await importDocx(exported.rawPayload);
    expect(runs(back.content as DocNode)).toEqual([
      ["Alpha", SUGGESTION_DELETE, "Cora Commenter", "2026-11-27T03:00:00.000Z"],
      [" "],
      ["beta ", SUGGESTION_INSERT, "Cora Commenter", "2026-11-27T03:00:00.000Z"],
      ["gamma"],
    ]);
  });

  it("keeps a change without a time (a Word file's with its times removed) without one, not as 1970", async () => {
    const untimed = { id: "s1", group: "s1", author: null, authorName: "Author", createdAt: null };
    const content = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Here " }, { type: "text", text: "new", marks: [{ type: SUGGESTION_INSERT, attrs: untimed }] }] }] };
    const doc = await createDocument(t, owner, { title: "Untimed", content });
    const exported = await request(t, "GET", `/api/documents/${doc.id}/export?format=docx`, { user: owner });
    const xml = await (await JSZip.loadAsync(exported.rawPayload)).file("word/document.xml")!.async("string");
    expect(xml).toMatch(/<w:ins w:id="1" w:author="Author">/);
    const back = await importDocx(exported.rawPayload);
    expect(runs(back.content as DocNode)).toEqual([["Here "], ["new", SUGGESTION_INSERT, "Author", null]]);
  });

  it("imports a Word file's insertions, deletions and moves as suggestions by the Word author", async () => {
    const base = await JSZip.loadAsync(await docToDocx({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x" }] }] }, { title: "" }));
    const change = (tag: string, id: number) => `<w:${tag} w:id="${id}" w:author="Wanda &amp; Word" w:date="2026-01-02T03:04:05Z">`;
    const body = [
      `<w:p><w:r><w:t xml:space="preserve">Start </w:t></w:r>`,
      `${change("del", 1)}<w:r><w:delText>old</w:delText></w:r></w:del>`,
      `${change("ins", 2)}<w:r><w:t>new</w:t></w:r></w:ins>`,
      `${change("moveFrom", 3)}<w:r><w:t xml:space="preserve"> moved</w:t></w:r></w:moveFrom>`,
      `<w:r><w:t xml:space="preserve"> end</w:t></w:r>`,
      `${change("moveTo", 4)}<w:r><w:t xml:space="preserve"> moved</w:t></w:r></w:moveTo>`,
      // Written and struck again before saving: never in the text.
      `${change("ins", 5)}<w:r><w:t>x</w:t></w:r>${change("del", 6)}<w:r><w:delText>gone</w:delText></w:r></w:del></w:ins>`,
      `<w:r><w:rPr><w:ins w:id="7" w:author="A" w:date="2026-01-02T03:04:05Z"/></w:rPr><w:t>.</w:t></w:r></w:p>`,
    ].join("");
    const xml = (await base.file("word/document.xml")!.async("string")).replace(/<w:body>[\s\S]*?(<w:sectPr)/, `<w:body>${body}$1`);
    base.file("word/document.xml", xml);
    const doc = await importDocx(await base.generateAsync({ type: "nodebuffer" }));
    const at = "2026-01-02T03:04:05.000Z";
    expect(runs(doc.content as DocNode)).toEqual([
      ["Start "],
      ["old", SUGGESTION_DELETE, "Wanda & Word", at],
      ["new", SUGGESTION_INSERT, "Wanda & Word", at],
      [" moved", SUGGESTION_DELETE, "Wanda & Word", at],
      [" end"],
      [" moved", SUGGESTION_INSERT, "Wanda & Word", at],
      ["x", SUGGESTION_INSERT, "Wanda & Word", at],
      ["."],
    ]);
    // Until accepted, the document counts as before the changes: "Start old moved end."
    const listed = (await request(t, "GET", "/api/documents", { user: owner })).json() as { documents?: DocumentSummary[] } | DocumentSummary[];
    const summaries = Array.isArray(listed) ? listed : (listed.documents ?? []);
    expect(summaries.find((d) => d.id === doc.id)?.word_count).toBe(4);
  });

  it("keeps a paragraph break Word marks as deleted, with its words apart, and says so in the import result", async () => {
    const base = await JSZip.loadAsync(await docToDocx({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x" }] }] }, { title: "" }));
    // pandoc's paragraph_insertion_deletion.docx: an inserted break after "This is a", a deleted one after " split".
    const body = [
      `<w:p><w:pPr><w:rPr><w:ins w:id="0" w:author="J" w:date="2017-09-17T16:39:00Z"/></w:rPr></w:pPr><w:r><w:t>This is a</w:t></w:r></w:p>`,
      `<w:p><w:pPr><w:rPr><w:del w:id="1" w:author="J" w:date="2017-09-17T16:39:00Z"/></w:rPr></w:pPr><w:r><w:t xml:space="preserve"> </w:t></w:r><w:r><w:t>split</w:t></w:r></w:p>`,
      `<w:p><w:r><w:t>Paragraph.</w:t></w:r></w:p>`,
    ].join("");
    const xml = (await base.file("word/document.xml")!.async("string")).replace(/<w:body>[\s\S]*?(<w:sectPr)/, `<w:body>${body}$1`);
    base.file("word/document.xml", xml);
    const imported = await request(t, "POST", "/api/import", { user: owner, payload: { files: [{ name: "split.docx", data: (await base.generateAsync({ type: "nodebuffer" })).toString("base64") }] } });
    expect(imported.statusCode, imported.body).toBe(201);
    const result = (imported.json() as { results: { id: string; notes?: string[] }[] }).results[0]!;
    expect(result.notes).toContain("1 paragraph break marked as deleted in Word is kept (suggestions hold text, not breaks): join the paragraphs by hand if the deletion was wanted");
    const doc = (await request(t, "GET", `/api/documents/${result.id}`, { user: owner })).json() as DocumentRecord;
    const texts = ((doc.content as DocNode).content ?? []).map((b) => (b.content ?? []).map((n) => n.text ?? "").join("").trim());
    expect(texts).toEqual(["This is a", "split", "Paragraph."]);
  });
});

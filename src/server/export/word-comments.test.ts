// Comments travel through Word: the export writes each thread as a Word comment on its
// passage (replies as replies, a resolved thread done), the import turns Word comments back
// into threads anchored on the same words; the other formats leave the comment marks out.
import fc from "fast-check";
import JSZip from "jszip";
import { describe, expect, it } from "vitest";
import { COMMENT_MARK } from "../../shared/editor/comment-anchor.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { convertFile } from "../import/convert-file.js";
import type { ExportThread } from "./docx-comments.js";
import { docToDocx } from "./docx.js";
import { renderExport } from "./render.js";

const ANCHOR = "11111111-2222-4333-8444-555555555555";
const mark = (threadId: string) => ({ type: COMMENT_MARK, attrs: { threadId } });
const DOC: DocNode = {
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "Apples are red and " }, { type: "text", text: "pears are green", marks: [mark(ANCHOR)] }, { type: "text", text: "." }] },
    { type: "paragraph", content: [{ type: "text", text: "Plums are purple." }] },
  ],
};
const THREAD: ExportThread = {
  anchorId: ANCHOR,
  resolved: false,
  comments: [
    { author: "Olivia Owner", date: new Date("2026-11-26T10:00:00Z"), body: "Are they ripe yet?" },
    { author: "Cora Commenter", date: new Date("2026-11-26T11:00:00Z"), body: "Not until October." },
  ],
};

/** The words of a document that carry a comment mark, by thread. */
function markedText(doc: DocNode): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (n: DocNode) => {
    for (const m of n.marks ?? []) if (m.type === COMMENT_MARK) out.set(String(m.attrs?.threadId), (out.get(String(m.attrs?.threadId)) ?? "") + (n.text ?? ""));
    for (const c of n.content ?? []) walk(c);
  };
  walk(doc);
  return out;
}

describe("comments in Word", () => {
  it("the export writes a Word comment on the passage with its reply; the import brings back one thread on the same words", async () => {
    const bytes = await docToDocx(DOC, { title: "Orchard", comments: [THREAD] });
    const zip = await JSZip.loadAsync(bytes);
    const comments = await zip.file("word/comments.xml")!.async("string");
    expect(comments).toContain('w:author="Olivia Owner"');
    expect(comments).toContain("Are they ripe yet?");
    expect(comments).toContain("Not until October.");
    const document = await zip.file("word/document.xml")!.async("string");
    expect(document).toContain("w:commentRangeStart");
    expect(document).toContain("w:commentReference");

    const imported = await convertFile("orchard.docx", bytes);
    const marked = [...markedText(imported.content).values()];
    expect(marked).toEqual(["pears are green"]);
    expect(imported.comments).toEqual([
      {
        anchorId: [...markedText(imported.content).keys()][0],
        quote: "pears are green",
        resolved: false,
        comments: [
          { author: "Olivia Owner", date: new Date("2026-11-26T10:00:00Z"), body: "Are they ripe yet?" },
          { author: "Cora Commenter", date: new Date("2026-11-26T11:00:00Z"), body: "Not until October." },
        ],
      },
    ]);
    // No marker characters are left in the text.
    expect(JSON.stringify(imported.content)).not.toMatch(/[\uE000\uE001]/);
  });

  it("a resolved thread comes back resolved; a passage over two paragraphs stays one thread", async () => {
    const across: DocNode = {
      type: "doc",
      content: [
        { type: "paragraph", content: [{ type: "text", text: "First " }, { type: "text", text: "end of one", marks: [mark(ANCHOR)] }] },
        { type: "paragraph", content: [{ type: "text", text: "start of two", marks: [mark(ANCHOR)] }, { type: "text", text: " rest" }] },
      ],
    };
    const bytes = await docToDocx(across, { title: "Across", comments: [{ ...THREAD, resolved: true }] });
    const imported = await convertFile("across.docx", bytes);
    expect(imported.comments).toHaveLength(1);
    expect(imported.comments![0]).toMatchObject({ resolved: true, quote: "end of onestart of two" });
    expect([...markedText(imported.content).values()]).toEqual(["end of onestart of two"]);
  });

  it("without threads to write (another reader, a deleted thread) the Word file has no comment ranges; other formats leave the marks out", async () => {
    const bytes = await docToDocx(DOC, { title: "Orchard" });
    const document = await (await JSZip.loadAsync(bytes)).file("word/document.xml")!.async("string");
    expect(document).not.toContain("w:commentRangeStart");
    expect((await convertFile("plain.docx", bytes)).comments).toBeUndefined();
    for (const format of ["md", "html", "txt"] as const) {
      const file = await renderExport(DOC, "Orchard", format, { now: new Date() });
      const text = file.body.toString("utf8");
      expect(text).toContain("pears are green");
      expect(text).not.toContain(ANCHOR);
      expect(text).not.toContain("comment-anchor");
    }
  });

  // Each run builds and reads a Word file (~0.3 s on a quiet machine): a generous timeout, so a busy machine does not fail it.
  it("property: any passage of a paragraph commented and exported comes back marked on exactly those words", { timeout: 180_000 }, async () => {
    const word = fc.stringMatching(/^[a-z]{1,8}$/);
    await fc.assert(
      fc.asyncProperty(fc.array(word, { minLength: 3, maxLength: 12 }), fc.nat(), fc.nat(), async (words, a, b) => {
        const from = a % words.length;
        const to = from + 1 + (b % (words.length - from));
        const before = words.slice(0, from).join(" ");
        const passage = words.slice(from, to).join(" ");
        const after = words.slice(to).join(" ");
        const content: DocNode[] = [];
        if (before) content.push({ type: "text", text: `${before} ` });
        content.push({ type: "text", text: passage, marks: [mark(ANCHOR)] });
        if (after) content.push({ type: "text", text: ` ${after}` });
        const bytes = await docToDocx({ type: "doc", content: [{ type: "paragraph", content }] }, { title: "P", comments: [THREAD] });
        const imported = await convertFile("p.docx", bytes);
        expect([...markedText(imported.content).values()]).toEqual([passage]);
        expect(imported.comments?.[0]?.comments.map((c) => c.body)).toEqual(["Are they ripe yet?", "Not until October."]);
      }),
      { numRuns: 10 },
    );
  });
});

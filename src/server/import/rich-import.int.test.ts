// Import of headings 4–6, to-do lists, superscript, subscript and highlight from Markdown,
// HTML and Word, and the Markdown and HTML round trips (export, import: the same document).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocNode } from "../../shared/editor/schema.js";
import { RICH_DOC } from "../../shared/export/rich-fixtures.js";
import { renderExport } from "../export/render.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestUser(t, { plan: "professional" });
});
afterAll(() => t?.close());

async function importOne(name: string, body: string | Buffer) {
  const res = await request(t, "POST", "/api/import", {
    user: owner,
    payload: { files: [{ name, data: Buffer.from(body).toString("base64") }] },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  const result = res.json().results[0];
  expect(result.status, JSON.stringify(result)).toBe("imported");
  const doc = (await request(t, "GET", `/api/documents/${result.id}`, { user: owner })).json();
  return { doc: doc.content as DocNode, title: doc.title as string, notes: result.notes as string[] };
}

/** Each text run as "text[mark+mark]". */
function runs(doc: DocNode): string[] {
  const out: string[] = [];
  const stack = [doc];
  while (stack.length) {
    const n = stack.shift()!;
    if (n.type === "text") out.push(`${n.text}[${(n.marks ?? []).map((m) => m.type).sort().join("+")}]`);
    stack.unshift(...(n.content ?? []));
  }
  return out;
}

const tasks = (list: DocNode | undefined): [boolean, string][] =>
  (list?.content ?? []).map((item) => [item.attrs?.checked === true, (item.content?.[0]?.content ?? []).map((n) => n.text).join("")]);

describe("import of headings 4–6, to-do lists, superscript, subscript and highlight", () => {
  it("Markdown: GFM task lists with nesting, headings 4–6 kept, <sup>, <sub> and <mark>", async () => {
    const md = "# Tasks\n\n#### Four\n\n###### Six\n\n- [ ] draft\n- [x] send\n  - [X] nested\n\nH<sub>2</sub>O, x<sup>2</sup>, <mark>key</mark>\n";
    const { doc, title, notes } = await importOne("tasks.md", md);
    expect(title).toBe("Tasks");
    expect(notes).toEqual([]);
    expect(doc.content!.map((b) => [b.type, b.attrs?.level ?? null])).toEqual([
      ["heading", 4],
      ["heading", 6],
      ["taskList", null],
      ["paragraph", null],
    ]);
    expect(tasks(doc.content![2])).toEqual([
      [false, "draft"],
      [true, "send"],
    ]);
    expect(tasks(doc.content![2]!.content![1]!.content![1])).toEqual([[true, "nested"]]);
    expect(runs(doc.content![3]!)).toEqual(["H[]", "2[subscript]", "O, x[]", "2[superscript]", ", []", "key[highlight]"]);
  });

  it("HTML: TipTap's to-do markup and GitHub's, h4–h6, <sup>, <sub> and <mark>", async () => {
    const html = `<title>Page</title><h5>Five</h5>
      <ul data-type="taskList"><li data-type="taskItem" data-checked="true"><label><input type="checkbox" checked></label><div><p>tiptap done</p></div></li>
      <li data-type="taskItem" data-checked="false"><label><input type="checkbox"></label><div><p>tiptap open</p></div></li></ul>
      <ul class="contains-task-list"><li class="task-list-item"><input type="checkbox" disabled checked> github done</li>
      <li class="task-list-item"><input type="checkbox" disabled> github open</li></ul>
      <ul><li data-type="taskItem" data-checked="true">item outside a to-do list</li></ul>
      <p>CO<sub>2</sub> m<sup>3</sup> <mark>marked <b>bold</b></mark></p>`;
    const { doc, title } = await importOne("page.html", html);
    expect(title).toBe("Five");
    expect(doc.content!.map((b) => b.type)).toEqual(["heading", "taskList", "taskList", "bulletList", "paragraph"]);
    expect(doc.content![0]!.attrs?.level).toBe(5);
    expect(tasks(doc.content![1])).toEqual([
      [true, "tiptap done"],
      [false, "tiptap open"],
    ]);
    expect(tasks(doc.content![2])).toEqual([
      [true, "github done"],
      [false, "github open"],
    ]);
    // A to-do item in a plain list takes the list's kind.
    expect(doc.content![3]!.content![0]!.type).toBe("listItem");
    expect(runs(doc.content![4]!)).toEqual(["CO[]", "2[subscript]", " m[]", "3[superscript]", " []", "marked [highlight]", "bold[bold+highlight]"]);
  });

  it("Word: headings 4–6, checkboxes as a to-do list, superscript, subscript and highlight (from Draftsmith's own Word export)", async () => {
    const docx = (await renderExport(RICH_DOC, "From Word", "docx", { now: t.ctx.now() })).body;
    const { doc, title } = await importOne("rich.docx", docx);
    expect(title).toBe("From Word");
    const headings = doc.content!.filter((b) => b.type === "heading").map((b) => b.attrs?.level);
    expect(headings).toEqual([2, 4, 5, 6]);
    // The table (with its header row) comes back as it was; the paragraph before it keeps its marks.
    expect(doc.content!.at(-1)).toEqual(RICH_DOC.content!.at(-1));
    const last = doc.content!.at(-2)!;
    expect(runs(last)).toEqual(["Water is H[]", "2[subscript]", "O and E = mc[]", "2[superscript]", ". []", "Remember this[highlight]", ".[]"]);
    // Word's checkboxes come back as a to-do list, ticked as they were (one level: Word
    // keeps the nesting only as an indent).
    expect(tasks(doc.content!.find((b) => b.type === "taskList"))).toEqual([
      [true, "Buy milk"],
      [false, "Write report"],
      [true, "Outline"],
    ]);
  });
});

describe("round trips of the rich pieces through the export", () => {
  it.each(["md", "html"] as const)("%s: export then import gives the same document", async (format) => {
    const body = (await renderExport(RICH_DOC, "Round trip", format, { now: t.ctx.now() })).body;
    const { doc, title } = await importOne(`round.${format}`, body);
    expect(title).toBe("Round trip");
    expect(doc).toEqual(RICH_DOC);
  });
});

import JSZip from "jszip";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DocNode } from "../../shared/editor/schema.js";
import { docShape as shape } from "../../shared/export/doc-shape.test-util.js";
import { KITCHEN_SINK } from "../../shared/export/fixtures.js";
import { renderExport } from "../export/render.js";
import { importGate } from "./gate.js";
import { type TestApp, type TestUser, createTestApp, createTestUser, request } from "../test/harness.js";

let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  owner = await createTestUser(t, { plan: "professional" });
});
afterAll(() => t?.close());

type Upload = { name: string; body: string | Buffer };
const upload = (user: TestUser, files: Upload[]) =>
  request(t, "POST", "/api/import", {
    user,
    payload: { files: files.map((f) => ({ name: f.name, data: Buffer.from(f.body).toString("base64") })) },
  });

async function importOne(name: string, body: string | Buffer, user = owner) {
  const res = await upload(user, [{ name, body }]);
  expect(res.statusCode, res.body.slice(0, 300)).toBe(201);
  const result = res.json().results[0];
  expect(result.status).toBe("imported");
  const doc = (await request(t, "GET", `/api/documents/${result.id}`, { user })).json();
  return { result, doc: doc.content as DocNode, title: doc.title as string };
}

const listIds = async (user: TestUser) => ((await request(t, "GET", "/api/documents", { user })).json() as { id: string }[]).map((d) => d.id);

const types = (doc: DocNode) => (doc.content ?? []).map((b) => b.type);
const marked = (doc: DocNode, type: string) => {
  const found: string[] = [];
  const stack = [doc];
  while (stack.length) {
    const n = stack.pop()!;
    if (n.marks?.some((m) => m.type === type)) found.push(n.text!);
    stack.push(...(n.content ?? []));
  }
  return found;
};

describe("POST /api/import maps each format onto the schema", () => {
  it("Markdown: headings, lists, quotes, code, links and marks; the opening heading becomes the title", async () => {
    const md = "# Trip notes\n\n## Day one\n\nWe **hiked** and *rested*, ~~not~~ `ls`, [map](https://maps.example/x).\n\n- tent\n  - poles\n- stove\n\n3. first\n4. second\n\n> Leave no trace\n\n```sh\necho hi\n```\n";
    const { doc, title, result } = await importOne("notes.md", md);
    expect(title).toBe("Trip notes");
    expect(result.notes).toEqual([]);
    expect(types(doc)).toEqual(["heading", "paragraph", "bulletList", "orderedList", "blockquote", "codeBlock"]);
    expect(doc.content![0]!.attrs?.level).toBe(2);
    expect(doc.content![3]!.attrs?.start).toBe(3);
    expect(doc.content![5]!.attrs?.language).toBe("sh");
    expect(marked(doc, "bold")).toEqual(["hiked"]);
    expect(marked(doc, "italic")).toEqual(["rested"]);
    expect(marked(doc, "strike")).toEqual(["not"]);
    expect(marked(doc, "code")).toEqual(["ls"]);
    expect(marked(doc, "link")).toEqual(["map"]);
  });

  it("HTML: elements, marks, alignment and tables; scripts, handlers, unsafe links, images and frames are said in the notes", async () => {
    const html = `<!doctype html><html><head><title>Page</title><style>p{color:red}</style><script>alert(1)</script></head>
      <body onload="alert(2)"><h2 style="text-align: center">Plan</h2>
      <p>Some <b>bold</b>, <em>it</em>, <u>under</u>, <del>gone</del>, <code>x()</code> and <a href="https://ok.example/">ok</a> <a href="javascript:alert(3)">bad</a>.</p>
      <div>loose text<br>next line</div>
      <ul><li>one<ol start="5"><li>five</li></ol></li><li><p>two</p></li></ul>
      <blockquote><p>Quoted</p></blockquote>
      <pre><code class="language-js">let a = 1;\nlet b = 2;</code></pre>
      <img src="//cdn.example/cat.png" alt="A cat"><iframe src="https://evil.example"></iframe>
      <table><tr><th>Name</th><th>Age</th></tr><tr><td>Ann</td><td>30</td></tr></table>
      <p onclick="steal()">Safe text</p></body></html>`;
    const { doc, title, result } = await importOne("page.html", html);
    expect(title).toBe("Plan");
    expect(types(doc)).toEqual(["heading", "paragraph", "paragraph", "bulletList", "blockquote", "codeBlock", "paragraph", "table", "paragraph"]);
    expect(doc.content![0]!.attrs).toMatchObject({ level: 2, textAlign: "center" });
    expect(marked(doc, "bold")).toEqual(["bold"]);
    expect(marked(doc, "italic")).toEqual(["it"]);
    expect(marked(doc, "underline")).toEqual(["under"]);
    expect(marked(doc, "strike")).toEqual(["gone"]);
    expect(marked(doc, "code")).toEqual(["x()"]);
    expect(marked(doc, "link")).toEqual(["ok"]);
    expect(doc.content![2]!.content!.map((n) => n.type)).toEqual(["text", "hardBreak", "text"]);
    expect(doc.content![3]!.content![0]!.content![1]).toMatchObject({ type: "orderedList", attrs: { start: 5 } });
    expect(doc.content![5]).toMatchObject({ attrs: { language: "js" }, content: [{ text: "let a = 1;\nlet b = 2;" }] });
    const text = JSON.stringify(doc);
    expect(text).toContain("[image: A cat]");
    const table = doc.content!.find((b) => b.type === "table")!;
    expect(table.content!.map((row) => row.content!.map((cell) => `${cell.type}:${cell.content![0]!.content![0]!.text}`))).toEqual([
      ["tableHeader:Name", "tableHeader:Age"],
      ["tableCell:Ann", "tableCell:30"],
    ]);
    expect(text).not.toMatch(/alert|steal|javascript|evil|color:red/);
    expect(result.notes).toEqual([
      "2 script or style blocks were removed".replace("2 script or style blocks were", "1 script or style block was"),
      "2 event handlers were removed",
      "1 link with a scheme that is not allowed kept its text without the link",
      "1 image was left out (its description kept as text)",
      "1 embedded item (frames, video, audio, objects) was left out",
    ]);
  });

  it("plain text: a paragraph per blank-line gap, line breaks kept, the file name as title", async () => {
    const { doc, title } = await importOne("Shopping list.txt", "eggs\nmilk\n\n\nbread\r\n");
    expect(title).toBe("Shopping list");
    expect(doc.content).toEqual([
      { type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [{ type: "text", text: "eggs" }, { type: "hardBreak" }, { type: "text", text: "milk" }] },
      { type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [{ type: "text", text: "bread" }] },
    ]);
  });
});

describe("round trips through the export", () => {
  const exported = async (format: "md" | "html" | "docx") => (await renderExport(KITCHEN_SINK, "Round trip", format, { now: t.ctx.now() })).body;

  it("Markdown keeps the structure, bold, italic, strike, code and links", async () => {
    const { doc, title } = await importOne("round.md", await exported("md"));
    expect(title).toBe("Round trip");
    const keep = ["bold", "italic", "strike", "code", "link"];
    expect(shape(doc, keep, ["level", "start", "language"])).toEqual(shape(KITCHEN_SINK, keep, ["level", "start", "language"]));
  });

  it("HTML keeps the structure, every mark but styles, and the alignment", async () => {
    const { doc, title } = await importOne("round.html", await exported("html"));
    expect(title).toBe("Round trip");
    const keep = ["bold", "italic", "underline", "strike", "code", "link"];
    expect(shape(doc, keep, ["level", "start", "textAlign"])).toEqual(shape(KITCHEN_SINK, keep, ["level", "start", "textAlign"]));
  });

  it("Word keeps the structure (quotes, code blocks with their language, rules), every mark but styles, and the alignment", async () => {
    const { doc, title } = await importOne("round.docx", await exported("docx"));
    expect(title).toBe("Round trip");
    // A list's start number is not read back from Word (mammoth's lists carry none).
    const keep = ["bold", "italic", "underline", "strike", "code", "link"];
    expect(shape(doc, keep, ["level", "language", "textAlign"])).toEqual(shape(KITCHEN_SINK, keep, ["level", "language", "textAlign"]));
  });
});

describe("hostile files are refused with a clear 4xx and nothing stored", () => {
  async function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
    const zip = new JSZip();
    for (const [name, body] of Object.entries(entries)) zip.file(name, body);
    return zip.generateAsync({ type: "nodebuffer", compression: "DEFLATE", compressionOptions: { level: 9 } });
  }

  it.each([
    ["an unknown type", "tool.exe", Buffer.from("MZ\u0090\u0000"), 415, /only Markdown/],
    ["a .docx that is not a zip", "fake.docx", "hello", 415, /not a Word document/],
    ["an old .doc renamed", "old.docx", Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), 415, /older Word file/],
    ["a binary .txt", "blob.txt", Buffer.from([1, 2, 0, 3, 255, 254, 0]), 415, /does not hold text/],
    ["a zip posing as Markdown", "x.md", Buffer.from("PK\u0003\u0004rest"), 415, /does not hold text/],
    ["a file over 10 MB", "big.txt", Buffer.alloc(10 * 1024 * 1024 + 1, "a"), 413, /at most 10 MB/],
  ])("%s", async (_what, name, body, status, message) => {
    const before = await listIds(owner);
    const res = await upload(owner, [{ name, body }]);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(status);
    expect(res.json().message).toMatch(message);
    expect(res.json().results).toEqual([{ status: "refused", name, reason: expect.stringMatching(message) }]);
    expect(await listIds(owner)).toEqual(before);
  });

  it("a zip bomb .docx: over 100:1 or over 50 MB unpacked, read from the zip directory before mammoth", async () => {
    const before = await listIds(owner);
    const ratio = await zipOf({ "[Content_Types].xml": "<x/>", "word/document.xml": Buffer.alloc(5 * 1024 * 1024, " ") });
    const res = await upload(owner, [{ name: "ratio.docx", body: ratio }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/more than 100 times its size/);
    const big = await zipOf(Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`word/part${i}.xml`, Buffer.alloc(9 * 1024 * 1024, `${i}`)])));
    const res2 = await upload(owner, [{ name: "big.docx", body: big }]);
    expect(res2.statusCode).toBe(413);
    expect(res2.json().message).toMatch(/more than 50 MB/);
    const damaged = await upload(owner, [{ name: "damaged.docx", body: Buffer.concat([Buffer.from("PK\u0003\u0004"), Buffer.alloc(100)]) }]);
    expect(damaged.statusCode).toBe(415);
    expect(await listIds(owner)).toEqual(before);
  });

  it("a request over 20 MB of files is 413; a malformed body is 400", async () => {
    const before = await listIds(owner);
    const eight = Buffer.alloc(8 * 1024 * 1024, "a");
    const res = await upload(owner, [1, 2, 3].map((i) => ({ name: `f${i}.txt`, body: eight })));
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe("payload_too_large");
    const bad = await request(t, "POST", "/api/import", { user: owner, payload: { files: [{ name: "a.txt", data: "not base64!" }] } });
    expect(bad.statusCode).toBe(400);
    const none = await request(t, "POST", "/api/import", { user: owner, payload: { files: [] } });
    expect(none.statusCode).toBe(400);
    expect((await request(t, "POST", "/api/import", { payload: { files: [] } })).statusCode).toBe(401);
    expect(await listIds(owner)).toEqual(before);
  });

  it("invalid UTF-8 is imported with replacement characters and a note; NUL and controls never reach the document", async () => {
    const { doc, result } = await importOne("latin.txt", Buffer.concat([Buffer.from("caf"), Buffer.from([0xe9]), Buffer.from(" ok\u0007")]));
    expect(doc.content![0]!.content![0]!.text).toBe("caf\uFFFD ok");
    expect(result.notes).toEqual(["1 character that was not valid UTF-8 became �"]);
  });

  it("deep nesting is flattened within the schema's depth, or refused past 5,000 open elements", async () => {
    const nest = (depth: number) => `${"<blockquote><ul><li>".repeat(depth)}deep${"</li></ul></blockquote>".repeat(depth)}`;
    const { doc, result } = await importOne("deep.html", nest(1000));
    expect(JSON.stringify(doc)).toContain("deep");
    expect(result.notes).toContain("Very deep nesting was flattened");
    // Past 5,000 open elements (3 a level here, or unclosed marks) the file is refused.
    const before = await listIds(owner);
    for (const html of [nest(2000), "<b><i>word ".repeat(100_000)]) {
      const res = await upload(owner, [{ name: "deeper.html", body: html }]);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toMatch(/nested too deeply/);
    }
    expect(await listIds(owner)).toEqual(before);
    const marks = await importOne("marks.html", "<b><i>word ".repeat(2000));
    expect(marked(marks.doc, "bold")).toHaveLength(1);
    // The Markdown reader stops at its own nesting limit (src/shared/markdown/from-markdown.ts);
    // the text past it is left out, and said so.
    const md = await importOne("deep.md", `${"> ".repeat(5000)}deep\n\nafter`);
    expect(JSON.stringify(md.doc)).toContain("after");
    expect(md.result.notes).toEqual(["Text nested more than 40 quotes or lists deep was left out"]);
    const shallow = await importOne("shallow.md", `${"> ".repeat(30)}kept\n`);
    expect(JSON.stringify(shallow.doc)).toContain("kept");
    expect(shallow.result.notes).toEqual([]);
  });
});

describe("encodings", () => {
  const textOf = (doc: DocNode) => JSON.stringify(doc);

  it("HTML read in the encoding its <meta charset> declares: windows-1252, ISO-8859-1 through http-equiv, Shift_JIS", async () => {
    // “Café” — 50 € in windows-1252: curly quotes, é and the euro sign are single bytes above 0x7f.
    const cp1252 = Buffer.concat([
      Buffer.from('<html><head><meta charset="windows-1252"><title>Menu</title></head><body><p>'),
      Buffer.from([0x93, 0x43, 0x61, 0x66, 0xe9, 0x94, 0x20, 0x97, 0x20, 0x35, 0x30, 0x20, 0x80]),
      Buffer.from("</p></body></html>"),
    ]);
    const a = await importOne("menu.html", cp1252);
    expect(a.doc.content![0]!.content![0]!.text).toBe("“Café” — 50 €");
    expect(a.result.notes).toEqual([]);

    const latin1 = Buffer.concat([
      Buffer.from('<meta http-equiv="Content-Type" content="text/html; charset=ISO-8859-1"><h1>Gr'),
      Buffer.from([0xfc, 0xdf, 0x65]),
      Buffer.from("</h1><p>body</p>"),
    ]);
    expect((await importOne("gruss.html", latin1)).title).toBe("Grüße");

    // 日本 in Shift_JIS.
    const sjis = Buffer.concat([Buffer.from("<meta charset=shift_jis><p>"), Buffer.from([0x93, 0xfa, 0x96, 0x7b]), Buffer.from("</p>")]);
    expect(textOf((await importOne("nihon.html", sjis)).doc)).toContain("日本");
  });

  it("a byte order mark wins over the declaration: UTF-16 LE and BE, and UTF-8", async () => {
    const html = '<meta charset="windows-1252"><p>naïve “quotes” 日本</p>';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(html, "utf16le")]);
    const be = Buffer.from(le.subarray(2)).swap16();
    for (const [name, bytes] of [
      ["le.html", le],
      ["be.html", Buffer.concat([Buffer.from([0xfe, 0xff]), be])],
      ["bom8.html", Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(html)])],
    ] as const) {
      const { doc, result } = await importOne(name, bytes);
      expect(doc.content![0]!.content![0]!.text, name).toBe("naïve “quotes” 日本");
      expect(result.notes, name).toEqual([]);
    }
  });

  it("an unknown or UTF-16 declaration without a byte order mark reads as UTF-8; bytes that are not UTF-8 and declare nothing are still refused", async () => {
    const unknown = await importOne("odd.html", '<meta charset="klingon"><p>plain ✓</p>');
    expect(textOf(unknown.doc)).toContain("plain ✓");
    const said16 = await importOne("said16.html", '<meta charset="utf-16"><p>plain ✓</p>');
    expect(textOf(said16.doc)).toContain("plain ✓");

    const before = await listIds(owner);
    const noise = Buffer.from(Array.from({ length: 400 }, (_, i) => 0x80 + (i % 0x7f)));
    const res = await upload(owner, [{ name: "noise.html", body: Buffer.concat([Buffer.from("<p>"), noise]) }]);
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toMatch(/does not hold text/);
    expect(await listIds(owner)).toEqual(before);
  });
});

describe("imports in flight", () => {
  it("past the user's imports in flight, or the server's, the request is 429 with Retry-After and nothing is stored", async () => {
    const busy = await createTestUser(t, { plan: "professional" });
    const other = await createTestUser(t, { plan: "professional" });
    const file = [{ name: "a.md", body: "# A\n\ntext" }];
    const mine = [importGate.enter(busy.id), importGate.enter(busy.id)];
    try {
      const refused = await upload(busy, file);
      expect(refused.statusCode).toBe(429);
      expect(refused.headers["retry-after"]).toBe("5");
      expect(refused.json()).toMatchObject({ error: "rate_limited", message: expect.stringMatching(/imports at a time/) });
      expect(await listIds(busy)).toEqual([]);
      // Someone else still imports while this user has two in flight.
      expect((await upload(other, file)).statusCode).toBe(201);
      // The whole server's places taken: everyone waits.
      const rest = [importGate.enter("someone"), importGate.enter("someone-else")];
      try {
        const full = await upload(other, file);
        expect(full.statusCode).toBe(429);
        expect(full.json().message).toMatch(/busy/);
      } finally {
        for (const release of rest) release();
      }
    } finally {
      for (const release of mine) release();
    }
    // A place is given back when a request ends, refused files included.
    expect((await upload(busy, [{ name: "x.exe", body: "MZ" }])).statusCode).toBe(415);
    expect((await upload(busy, file)).statusCode).toBe(201);
    expect(importGate.inFlight()).toBe(0);
  });
});

describe("limits and owners", () => {
  it("a batch past the plan's document limit imports what fits and names the files left", async () => {
    const free = await createTestUser(t);
    await request(t, "POST", "/api/documents", { user: free, payload: { title: "Existing" } });
    const files = ["a", "b", "c", "d"].map((n) => ({ name: `${n}.md`, body: `# Doc ${n}\n\ntext` }));
    const res = await upload(free, files);
    expect(res.statusCode).toBe(201);
    const results = res.json().results;
    expect(results.map((r: { status: string }) => r.status)).toEqual(["imported", "imported", "refused", "refused"]);
    expect(results[2]).toEqual({ status: "refused", name: "c.md", reason: expect.stringMatching(/allows up to 3 documents/) });
    expect(await listIds(free)).toHaveLength(3);
    const full = await upload(free, [{ name: "e.md", body: "x" }]);
    expect(full.statusCode).toBe(402);
    expect(full.json().results[0].status).toBe("refused");
  });

  it("another user never sees an imported document", async () => {
    const { result } = await importOne("mine.md", "# Private\n\nsecret");
    const other = await createTestUser(t);
    expect((await request(t, "GET", `/api/documents/${result.id}`, { user: other })).statusCode).toBe(404);
    expect(await listIds(other)).not.toContain(result.id);
    expect(await listIds(owner)).toContain(result.id);
  });
});

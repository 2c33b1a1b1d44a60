// Pictures in exported and imported files: exports read the stored bytes on the server
// (embedded in HTML, real pictures in Word and PDF, linked in Markdown) and never a picture
// the document does not reference; imports turn embedded pictures (Word, HTML data: URLs)
// into stored images of the new document and keep pictures on other sites as linked
// pictures (their address, never fetched), and pictures beside the original file as relative
// pictures (their address, never fetched nor shown), saying so.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import JSZip from "jszip";
import sharp from "sharp";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type UploadedImage, imageIdFromSrc } from "../../shared/contracts/images.js";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { ImportResult } from "../../shared/contracts/import.js";
import { createDocument, withAppAndOwner } from "../documents/documents.test-util.js";
import { createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { pngBytes, uploadOk } from "./images.test-util.js";

let t: TestApp;
let owner: TestUser;
withAppAndOwner({ owner: { plan: "professional" } }, (s) => {
  t = s.t;
  owner = s.owner;
});

const withPicture = (image: UploadedImage, extra: Record<string, unknown> = {}) => ({
  type: "doc",
  content: [
    { type: "paragraph", content: [{ type: "text", text: "Before the picture." }] },
    { type: "image", attrs: { src: image.src, alt: "A red square", caption: "Figure 1", width: 50, align: "center", ...extra } },
    { type: "paragraph", content: [{ type: "text", text: "After it." }] },
  ],
});

async function saveContent(user: TestUser, id: string, content: unknown) {
  const current = (await request(t, "GET", `/api/documents/${id}`, { user })).json() as DocumentRecord;
  const res = await request(t, "PATCH", `/api/documents/${id}`, { user, payload: { content, version: current.version } });
  expect(res.statusCode, res.body).toBe(200);
}

const exportOf = (user: TestUser, id: string, format: string) => request(t, "GET", `/api/documents/${id}/export?format=${format}`, { user });

describe("exports with pictures", () => {
  let docId: string;
  let image: UploadedImage;
  beforeAll(async () => {
    docId = (await createDocument(t, owner, { title: "Illustrated" })).id;
    image = await uploadOk(t, owner, docId, await pngBytes(200, 100));
    await saveContent(owner, docId, withPicture(image));
  });

  it("HTML embeds the stored picture as a data: URL with its alt text and caption", async () => {
    const html = (await exportOf(owner, docId, "html")).body;
    const m = /<img src="data:image\/png;base64,([A-Za-z0-9+/=]+)" alt="A red square"/.exec(html);
    expect(m).not.toBeNull();
    const meta = await sharp(Buffer.from(m![1]!, "base64")).metadata();
    expect([meta.width, meta.height]).toEqual([200, 100]);
    expect(html).toContain("<figcaption>Figure 1</figcaption>");
    expect(html).toContain("width: 50%");
  });

  it("Markdown links the picture on this server with its alt text, the caption as its title; text names it", async () => {
    const md = (await exportOf(owner, docId, "md")).body;
    expect(md).toContain(`![A red square](http://localhost:3000/api/images/${image.id} "Figure 1")`);
    expect((await exportOf(owner, docId, "txt")).body).toContain("[Picture: A red square]\nFigure 1");
  });

  it("Word holds the picture's bytes, scaled to half the column, with its description", async () => {
    const res = await exportOf(owner, docId, "docx");
    expect(res.statusCode).toBe(200);
    const zip = await JSZip.loadAsync(res.rawPayload);
    const media = Object.keys(zip.files).filter((f) => f.startsWith("word/media/"));
    expect(media).toHaveLength(1);
    const meta = await sharp(await zip.file(media[0]!)!.async("nodebuffer")).metadata();
    expect([meta.format, meta.width]).toEqual(["png", 200]);
    const xml = await zip.file("word/document.xml")!.async("string");
    expect(xml).toContain('descr="A red square"');
    // 312 px (half of 624) in EMU: 312 × 9525.
    expect(xml).toContain(`cx="${312 * 9525}"`);
    expect(xml).toContain("Figure 1");
  });

  it("PDF draws the picture (an image object of its size) and prints the caption", async () => {
    const res = await exportOf(owner, docId, "pdf");
    expect(res.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-image-"));
    const file = path.join(dir, "out.pdf");
    fs.writeFileSync(file, res.rawPayload);
    const list = execFileSync("pdfimages", ["-list", file], { encoding: "utf8" });
    expect(list).toMatch(/\n\s*1\s+0\s+image\s+200\s+100\s/);
    expect(execFileSync("pdftotext", [file, "-"], { encoding: "utf8" })).toContain("Figure 1");
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("naming another document's picture exports its alt text, never its bytes", async () => {
    const stranger = await createTestUser(t);
    const theirs = (await createDocument(t, stranger, { title: "Borrowed" })).id;
    await saveContent(stranger, theirs, withPicture(image, { alt: "Not mine" }));
    const html = (await exportOf(stranger, theirs, "html")).body;
    expect(html).not.toContain("data:image");
    expect(html).toContain("[Picture: Not mine]");
    const zip = await JSZip.loadAsync((await exportOf(stranger, theirs, "docx")).rawPayload);
    expect(Object.keys(zip.files).filter((f) => f.startsWith("word/media/"))).toEqual([]);
    // The editor's unsaved text exported by the stranger: the same.
    const posted = await request(t, "POST", "/api/export", { user: stranger, payload: { title: "x", format: "html", content: withPicture(image) } });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).not.toContain("data:image");
    // ... and by the owner, who may read it: embedded.
    const mine = await request(t, "POST", "/api/export", { user: owner, payload: { title: "x", format: "html", content: withPicture(image) } });
    expect(mine.body).toContain("data:image/png;base64,");
  });
});

async function importFile(name: string, data: Buffer): Promise<ImportResult & { status: "imported" }> {
  const res = await request(t, "POST", "/api/import", { user: owner, payload: { files: [{ name, data: data.toString("base64") }] } });
  expect(res.statusCode, res.body).toBe(201);
  const [result] = (res.json() as { results: ImportResult[] }).results;
  expect(result?.status).toBe("imported");
  return result as ImportResult & { status: "imported" };
}

const imagesIn = (doc: DocumentRecord) => (doc.content.content ?? []).filter((n) => n.type === "image");

describe("imports with pictures", () => {
  afterEach(() => vi.restoreAllMocks());

  it("HTML: a data: picture becomes a stored image, stripped and served; a remote one a linked picture, and the notes say so", async () => {
    const jpeg = await sharp({ create: { width: 30, height: 20, channels: 3, background: "#0a0" } })
      .jpeg()
      .withExifMerge({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100" } })
      .toBuffer();
    const html = `<h1>Trip</h1><p>Here:</p><p><img alt="A green field" src="data:image/jpeg;base64,${jpeg.toString("base64")}"></p>
      <p><img src="https://tracker.example/pixel.png" alt="Remote logo"></p><p><img src="data:image/svg+xml;base64,${Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'/>").toString("base64")}" alt="Vector"></p>`;
    const result = await importFile("trip.html", Buffer.from(html));
    expect(result.notes.join("\n")).toMatch(/1 picture on other sites is linked, not copied/);
    expect(result.notes.join("\n")).toMatch(/1 embedded picture could not be read/);
    const doc = (await request(t, "GET", `/api/documents/${result.id}`, { user: owner })).json() as DocumentRecord;
    const [picture, linked] = imagesIn(doc);
    expect(picture?.attrs).toMatchObject({ alt: "A green field" });
    expect(linked?.attrs).toMatchObject({ src: "https://tracker.example/pixel.png", alt: "Remote logo" });
    const served = await request(t, "GET", String(picture!.attrs!.src), { user: owner });
    expect(served.statusCode).toBe(200);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    const text = JSON.stringify(doc.content);
    expect(text).toContain("[image: Vector]");
  });

  it("Word: a picture in the file (here, this app's own Word export) comes back as a stored image with its description", async () => {
    const source = (await createDocument(t, owner, { title: "Round trip" })).id;
    const image = await uploadOk(t, owner, source, await pngBytes(64, 48));
    await saveContent(owner, source, withPicture(image));
    const docx = (await exportOf(owner, source, "docx")).rawPayload;
    const result = await importFile("round-trip.docx", docx);
    const doc = (await request(t, "GET", `/api/documents/${result.id}`, { user: owner })).json() as DocumentRecord;
    const [picture] = imagesIn(doc);
    expect(picture?.attrs?.alt, JSON.stringify({ notes: result.notes, content: doc.content })).toBe("A red square");
    const id = imageIdFromSrc(picture?.attrs?.src);
    expect(id).not.toBe(image.id);
    const served = await request(t, "GET", String(picture!.attrs!.src), { user: owner });
    expect(served.statusCode).toBe(200);
    const meta = await sharp(served.rawPayload).metadata();
    expect([meta.width, meta.height]).toEqual([64, 48]);
  });

  it("HTML: captioned pictures (stored, linked and relative) come back from this app's own HTML export with their captions, not as paragraphs below", async () => {
    const source = (await createDocument(t, owner, { title: "Captions" })).id;
    const image = await uploadOk(t, owner, source, await pngBytes(40, 30));
    const picture = (src: string, caption: string) => ({ type: "image", attrs: { src, alt: "A red square", caption } });
    await saveContent(owner, source, {
      type: "doc",
      content: [
        picture(image.src, "Figure 1: stored"),
        picture("https://pictures.example.org/a.png", "Figure 2 \"linked\""),
        picture("../img/b.png?v=2", "Figure 3 <relative>"),
        { type: "paragraph", content: [{ type: "text", text: "After them." }] },
      ],
    });
    const html = (await exportOf(owner, source, "html")).body;
    const outbound = watchOutbound();
    const result = await importFile("captions.html", Buffer.from(html));
    expect(outbound()).toEqual([]);
    const doc = (await request(t, "GET", `/api/documents/${result.id}`, { user: owner })).json() as DocumentRecord;
    expect(doc.content.content?.map((n) => n.type)).toEqual(["image", "image", "image", "paragraph"]);
    expect(imagesIn(doc).map((n) => n.attrs?.caption)).toEqual(["Figure 1: stored", 'Figure 2 "linked"', "Figure 3 <relative>"]);
    expect(imageIdFromSrc(imagesIn(doc)[0]?.attrs?.src)).not.toBeNull();
    expect(imagesIn(doc).slice(1).map((n) => n.attrs?.src)).toEqual(["https://pictures.example.org/a.png", "../img/b.png?v=2"]);
  });
});

/** Where a socket connect call goes: Node passes options, (port, host), or its own normalized [options, callback]. */
function socketHost(args: unknown[]): string | undefined {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first && typeof first === "object") {
    const options = first as { host?: string; path?: string };
    return options.path ? "unix" : (options.host ?? "localhost");
  }
  return typeof args[1] === "string" ? args[1] : "localhost";
}

/** The host a fetch() or http(s).request()/get() call was going to. */
function requestHost(args: unknown[]): string {
  const first = args[0];
  try {
    if (typeof first === "string" || first instanceof URL) return new URL(first).hostname;
    if (first instanceof Request) return new URL(first.url).hostname;
    if (first && typeof first === "object") {
      const options = first as { hostname?: string; host?: string; socketPath?: string };
      return options.socketPath ? "unix" : (options.hostname ?? options.host ?? "localhost");
    }
  } catch {
    /* not an address: counted as another machine below */
  }
  return "(unknown)";
}

/**
 * Every way the server could reach another machine, watched: none may be used. Returns the
 * hosts reached, so a failure names them.
 * Calls to this machine are left out: on PostgreSQL the pool opens connections to the database
 * while a request runs, and the files that share this test worker run local servers of their own
 * (a model stub, a mail catcher) whose last calls may still be on their way.
 */
function watchOutbound() {
  const local = new Set(["localhost", "127.0.0.1", "::1", "[::1]", "unix"]);
  const socket = vi.spyOn(net.Socket.prototype, "connect");
  const calls = [vi.spyOn(globalThis, "fetch"), vi.spyOn(http, "request"), vi.spyOn(http, "get"), vi.spyOn(https, "request"), vi.spyOn(https, "get")];
  return () => [
    ...calls.flatMap((spy) => spy.mock.calls.map((args) => requestHost(args as unknown[]))),
    ...socket.mock.calls.map((args) => socketHost(args as unknown[]) ?? "(unknown)"),
  ].filter((host) => !local.has(host));
}

describe("linked pictures (pictures on other sites, by address)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("an import with remote pictures (Markdown and HTML) keeps them as linked pictures, stores no image and makes no outbound request", async () => {
    const user = await createTestUser(t, { plan: "professional" });
    const outbound = watchOutbound();
    const md = "# Trip\n\nThe view: ![A green field](https://pictures.example.com/field.jpg \"Day two\")\n\n[![build](https://ci.example/badge.svg)](https://ci.example)\n";
    const html = '<p>Logo <img src="http://logos.example.org/l.png" alt="Logo"></p><p><img src="javascript:alert(1)" alt="Bad"></p>';
    const res = await request(t, "POST", "/api/import", {
      user,
      payload: { files: [{ name: "trip.md", data: Buffer.from(md).toString("base64") }, { name: "logo.html", data: Buffer.from(html).toString("base64") }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const results = (res.json() as { results: ImportResult[] }).results;
    expect(outbound()).toEqual([]);
    const docs: DocumentRecord[] = [];
    for (const result of results) {
      expect(result.status).toBe("imported");
      if (result.status !== "imported") continue;
      expect(result.notes.join("\n")).toMatch(/on other sites (is|are) linked, not copied/);
      docs.push((await request(t, "GET", `/api/documents/${result.id}`, { user })).json() as DocumentRecord);
    }
    expect(imagesIn(docs[0]!).map((n) => n.attrs)).toMatchObject([
      { src: "https://pictures.example.com/field.jpg", alt: "A green field", caption: "Day two" },
      { src: "https://ci.example/badge.svg", alt: "build" },
    ]);
    expect(imagesIn(docs[1]!).map((n) => n.attrs?.src)).toEqual(["http://logos.example.org/l.png"]);
    expect(JSON.stringify(docs[1]!.content)).not.toContain("javascript:");
    const usage = (await request(t, "GET", "/api/images/usage", { user })).json() as { images: number; usedBytes: number };
    expect(usage).toMatchObject({ images: 0, usedBytes: 0 });
  });

  it("a save or change holding a picture with a javascript:, data:, //host or app-route src is refused with the reason; an http(s) one is kept", async () => {
    const id = (await createDocument(t, owner, { title: "Linked" })).id;
    const current = (await request(t, "GET", `/api/documents/${id}`, { user: owner })).json() as DocumentRecord;
    for (const src of ["javascript:alert(1)", "data:image/png;base64,iVBORw0KGgo=", "//pictures.example.com/cat.png", "/api/documents", `https://example.com/${"a".repeat(3000)}.png`]) {
      const content = { type: "doc", content: [{ type: "image", attrs: { src, alt: "x" } }, { type: "paragraph" }] };
      const res = await request(t, "PATCH", `/api/documents/${id}`, { user: owner, payload: { content, version: current.version } });
      expect([400, 422], src.slice(0, 40)).toContain(res.statusCode);
      expect(res.body).toMatch(/image\.src/);
    }
    const outbound = watchOutbound();
    await saveContent(owner, id, { type: "doc", content: [{ type: "image", attrs: { src: "https://pictures.example.com/cat.png", alt: "A cat", caption: "Cat" } }, { type: "paragraph" }] });
    const saved = (await request(t, "GET", `/api/documents/${id}`, { user: owner })).json() as DocumentRecord;
    expect(imagesIn(saved)[0]?.attrs).toMatchObject({ src: "https://pictures.example.com/cat.png", alt: "A cat" });
    expect(outbound()).toEqual([]);
  });

  it("exports write the address, never fetched: Markdown and HTML the picture, Word and PDF its alt text linked to it", async () => {
    const id = (await createDocument(t, owner, { title: "Linked export" })).id;
    const src = "https://pictures.example.com/cat.png?size=2&x=1";
    await saveContent(owner, id, { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Before." }] }, { type: "image", attrs: { src, alt: "A cat", caption: "Cat" } }] });
    const outbound = watchOutbound();
    expect((await exportOf(owner, id, "md")).body).toContain(`![A cat](${src} "Cat")`);
    const html = (await exportOf(owner, id, "html")).body;
    expect(html).toContain('<img src="https://pictures.example.com/cat.png?size=2&amp;x=1" alt="A cat" referrerpolicy="no-referrer"');
    expect(html).toContain("img-src data: https: http:");
    const zip = await JSZip.loadAsync((await exportOf(owner, id, "docx")).rawPayload);
    expect(Object.keys(zip.files).filter((f) => f.startsWith("word/media/"))).toEqual([]);
    const rels = await zip.file("word/_rels/document.xml.rels")!.async("string");
    expect(rels).toContain('Target="https://pictures.example.com/cat.png?size=2&amp;x=1"');
    expect(rels).toContain('TargetMode="External"');
    expect(await zip.file("word/document.xml")!.async("string")).toContain("A cat");
    const pdf = await exportOf(owner, id, "pdf");
    expect(pdf.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-linked-"));
    const file = path.join(dir, "out.pdf");
    fs.writeFileSync(file, pdf.rawPayload);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    expect(text).toContain("[Picture: A cat]");
    expect(text.replace(/\s+/g, "")).toContain("https://pictures.example.com/cat.png?size=2&x=1");
    expect(pdf.rawPayload.toString("latin1")).toContain("/URI (https://pictures.example.com/cat.png?size=2&x=1)");
    fs.rmSync(dir, { recursive: true, force: true });
    expect(outbound()).toEqual([]);
  });
});

describe("relative pictures (files beside the original document, by address)", () => {
  afterEach(() => vi.restoreAllMocks());

  it("an import of Markdown and HTML with relative pictures keeps them as pictures, stores no image, requests nothing and says so", async () => {
    const user = await createTestUser(t, { plan: "professional" });
    const outbound = watchOutbound();
    const md = '# Design\n\n![The parts](docs/arch.png "Figure 1")\n\n[![moon](moon.jpg)](/uri)\n\nText ![foo](/url) after.\n';
    const html = '<p><img src="train.jpg" alt="A train"></p><p><img src="//other.example/x.png" alt="Other"></p><p><img src="/api/documents" alt="Route"></p>';
    const res = await request(t, "POST", "/api/import", {
      user,
      payload: { files: [{ name: "README.md", data: Buffer.from(md).toString("base64") }, { name: "trains.html", data: Buffer.from(html).toString("base64") }] },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(outbound()).toEqual([]);
    const results = (res.json() as { results: ImportResult[] }).results;
    const docs: DocumentRecord[] = [];
    const notes: string[] = [];
    for (const result of results) {
      expect(result.status).toBe("imported");
      if (result.status !== "imported") continue;
      notes.push(result.notes.join("\n"));
      docs.push((await request(t, "GET", `/api/documents/${result.id}`, { user })).json() as DocumentRecord);
    }
    expect(notes[0]).toMatch(/3 pictures named by their address relative to the original file are kept by that address and not shown until uploaded/);
    expect(notes[1]).toMatch(/1 picture named by its address relative to the original file is kept/);
    expect(notes[1]).toMatch(/2 images were left out/);
    expect(imagesIn(docs[0]!).map((n) => n.attrs)).toMatchObject([
      { src: "docs/arch.png", alt: "The parts", caption: "Figure 1" },
      { src: "moon.jpg", alt: "moon" },
      { src: "/url", alt: "foo" },
    ]);
    expect(imagesIn(docs[1]!).map((n) => n.attrs)).toMatchObject([{ src: "train.jpg", alt: "A train" }]);
    expect(JSON.stringify(docs[1]!.content)).not.toMatch(/other\.example|\/api\/documents"/);
    const usage = (await request(t, "GET", "/api/images/usage", { user })).json() as { images: number; usedBytes: number };
    expect(usage).toMatchObject({ images: 0, usedBytes: 0 });
  });

  it("a save holding a relative picture is kept as written, and fetches nothing", async () => {
    const id = (await createDocument(t, owner, { title: "Relative" })).id;
    const outbound = watchOutbound();
    await saveContent(owner, id, { type: "doc", content: [{ type: "image", attrs: { src: "../img/train.jpg?v=2", alt: "A train", caption: "Train" } }, { type: "paragraph" }] });
    const saved = (await request(t, "GET", `/api/documents/${id}`, { user: owner })).json() as DocumentRecord;
    expect(imagesIn(saved)[0]?.attrs).toMatchObject({ src: "../img/train.jpg?v=2", alt: "A train", caption: "Train" });
    expect(outbound()).toEqual([]);
  });

  it("exports give the address back, never fetched: Markdown and HTML the picture (allowed to load beside the file), Word the description, PDF the description and the address", async () => {
    const id = (await createDocument(t, owner, { title: "Relative export" })).id;
    const src = "docs/arch.png?v=2&x=1";
    await saveContent(owner, id, { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "Before." }] }, { type: "image", attrs: { src, alt: "The parts", caption: "Figure 1" } }] });
    const outbound = watchOutbound();
    expect((await exportOf(owner, id, "md")).body).toContain(`![The parts](${src} "Figure 1")`);
    const html = (await exportOf(owner, id, "html")).body;
    expect(html).toContain('<img src="docs/arch.png?v=2&amp;x=1" alt="The parts" style=');
    expect(html).toContain("img-src data: 'self' file:");
    const zip = await JSZip.loadAsync((await exportOf(owner, id, "docx")).rawPayload);
    expect(Object.keys(zip.files).filter((f) => f.startsWith("word/media/"))).toEqual([]);
    expect(await zip.file("word/_rels/document.xml.rels")!.async("string")).not.toContain("arch.png");
    const xml = await zip.file("word/document.xml")!.async("string");
    expect(xml).toContain("The parts");
    expect(xml).not.toContain("w:hyperlink");
    const pdf = await exportOf(owner, id, "pdf");
    expect(pdf.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pdf-relative-"));
    const file = path.join(dir, "out.pdf");
    fs.writeFileSync(file, pdf.rawPayload);
    const text = execFileSync("pdftotext", [file, "-"], { encoding: "utf8" });
    expect(text).toContain("[Picture: The parts]");
    expect(text.replace(/\s+/g, "")).toContain("docs/arch.png?v=2&x=1");
    expect(pdf.rawPayload.toString("latin1")).not.toContain("/URI (docs/");
    fs.rmSync(dir, { recursive: true, force: true });
    expect(outbound()).toEqual([]);
  });
});

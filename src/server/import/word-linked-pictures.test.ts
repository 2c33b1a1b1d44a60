// Pictures a Word file links to rather than holds (<a:blip r:link> to an External
// relationship): an http(s) address becomes a linked picture, a relative one a relative
// picture, any other (file:, a Windows path) the description; the notes say which, and
// nothing is fetched or opened.
import http from "node:http";
import https from "node:https";
import net from "node:net";
import JSZip from "jszip";
import { afterEach, describe, expect, it, vi } from "vitest";
import { convertFile } from "./convert-file.js";
import { markLinkedPictures } from "./word-linked-pictures.js";

const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" xmlns:wp="http://schemas.openxmlformats.org/drawingml/2006/wordprocessingDrawing" xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:pic="http://schemas.openxmlformats.org/drawingml/2006/picture"';

/** A paragraph holding one picture linked (r:link) to relationship `rel`, described by `descr`. */
const linkedPicture = (rel: string, descr: string, n: number) => `<w:p><w:r><w:drawing><wp:inline>
  <wp:extent cx="952500" cy="952500"/><wp:docPr id="${n}" name="Picture ${n}" descr="${descr}"/>
  <a:graphic><a:graphicData uri="http://schemas.openxmlformats.org/drawingml/2006/picture"><pic:pic>
    <pic:nvPicPr><pic:cNvPr id="${n}" name="p${n}.png"/><pic:cNvPicPr/></pic:nvPicPr>
    <pic:blipFill><a:blip r:link="${rel}"/><a:stretch><a:fillRect/></a:stretch></pic:blipFill>
    <pic:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="952500" cy="952500"/></a:xfrm><a:prstGeom prst="rect"/></pic:spPr>
  </pic:pic></a:graphicData></a:graphic></wp:inline></w:drawing></w:r></w:p>`;

/** A .docx whose pictures are all linked from outside it, at `targets` (External relationships rId1…). */
async function docxLinking(targets: string[]): Promise<Buffer> {
  const zip = new JSZip();
  zip.file(
    "[Content_Types].xml",
    '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
  );
  zip.file(
    "_rels/.rels",
    '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
  );
  const rels = targets.map((target, i) => `<Relationship Id="rId${i + 1}" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/image" Target="${target}" TargetMode="External"/>`);
  zip.file("word/_rels/document.xml.rels", `<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${rels.join("")}</Relationships>`);
  const body = targets.map((_, i) => linkedPicture(`rId${i + 1}`, `Picture &amp; ${i + 1}`, i + 1)).join("");
  zip.file("word/document.xml", `<?xml version="1.0" encoding="UTF-8"?><w:document ${W}><w:body><w:p><w:r><w:t>Before</w:t></w:r></w:p>${body}</w:body></w:document>`);
  return zip.generateAsync({ type: "nodebuffer" });
}

/** Every way the import could reach another machine, watched: none may be used. */
function watchOutbound() {
  const calls = [vi.spyOn(globalThis, "fetch"), vi.spyOn(http, "request"), vi.spyOn(http, "get"), vi.spyOn(https, "request"), vi.spyOn(https, "get"), vi.spyOn(net.Socket.prototype, "connect")];
  return () => calls.reduce((n, spy) => n + spy.mock.calls.length, 0);
}

describe("Word pictures linked from outside the file", () => {
  afterEach(() => vi.restoreAllMocks());

  it("an http(s) address is a linked picture, a relative one a relative picture, file: and a Windows path their description; nothing is fetched", async () => {
    const outbound = watchOutbound();
    const converted = await convertFile(
      "linked.docx",
      await docxLinking(["https://pictures.example.org/cat.png?size=2&amp;v=1", "images/dog.png", "../shared/bird.jpg", "file:///C:/Users/me/fish.png", "C:\\Users\\me\\owl.png"]),
    );
    expect(outbound()).toBe(0);
    expect(converted.images).toEqual([]);
    expect(converted.content.content).toEqual([
      { type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [{ type: "text", text: "Before" }] },
      { type: "image", attrs: { src: "https://pictures.example.org/cat.png?size=2&v=1", alt: "Picture & 1", width: null, align: "center", caption: null } },
      { type: "image", attrs: { src: "images/dog.png", alt: "Picture & 2", width: null, align: "center", caption: null } },
      { type: "image", attrs: { src: "../shared/bird.jpg", alt: "Picture & 3", width: null, align: "center", caption: null } },
      { type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [{ type: "text", text: "[image: Picture & 4]" }] },
      { type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [{ type: "text", text: "[image: Picture & 5]" }] },
    ]);
    const notes = converted.notes.join("\n");
    expect(notes).toMatch(/1 picture on other sites is linked, not copied/);
    expect(notes).toMatch(/2 pictures named by their address relative to the original file are kept/);
    expect(notes).toMatch(/2 images were left out \(their description kept as text\)/);
  });

  it("only drawings whose picture is linked to an External relationship get a marker; one held in the file is left as it is", () => {
    const rels = '<Relationship Id="rId1" Target="https://example.com/a.png" TargetMode="External"/><Relationship Id="rId2" Target="media/image1.png"/>';
    const held = '<w:drawing><wp:docPr id="2" descr="Held"/><a:blip r:embed="rId2"/></w:drawing>';
    const internal = '<w:drawing><wp:docPr id="3" title="Titled"/><a:blip r:link="rId2"/></w:drawing>';
    const linked = "<w:drawing><wp:docPr id=\"1\" title='Only a \"title\"'/><a:blip r:link=\"rId1\"/></w:drawing>";
    const { xml, targets } = markLinkedPictures(`<w:body>${held}${internal}${linked}</w:body>`, rels);
    expect(targets).toEqual(["https://example.com/a.png"]);
    expect(xml).toBe(`<w:body>${held}${internal}<w:drawing><wp:docPr descr="\uE0020\uE003Only a &quot;title&quot;" id="1" title='Only a "title"'/><a:blip r:link="rId1"/></w:drawing></w:body>`);
  });
});

// Pictures in the live document: a co-editor's picture (stored image, alt text, width,
// caption) reaches the other editor and is stored with its alt text searchable, and so does
// a linked picture (an http(s) address on another site) and a relative one (an address
// beside the file the document came from); a picture whose src is anything else
// (javascript:, a data: URL, one of the app's own routes) or whose width is out of range is
// refused at the door and reaches nobody.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { createDocument } from "../documents/documents.test-util.js";
import { uploadOk } from "../images/images.test-util.js";
import { type TestApp, type TestUser, request } from "../test/harness.js";
import { withLiveOwner } from "./live-owner.test-util.js";
import { synced } from "./provider.test-util.js";
import { FRAGMENT } from "./ydoc.js";

function picture(attrs: Record<string, unknown>): Y.XmlElement {
  const el = new Y.XmlElement("image");
  for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v as never);
  return el;
}

describe("pictures, edited live", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  const live = withLiveOwner((s) => ({ t, base, owner: alice } = s), { plan: "gratis" });
  const open = live.open;
  const stored = live.stored;
  const imageOf = (doc: DocNode) => doc.content?.find((b) => b.type === "image");


  it("a picture added by a co-editor reaches the other editor and is stored, a linked and a relative one too; a javascript:, data: or app-route src or a bad width is refused", async () => {
    const created = await createDocument(t, alice);
    const uploaded = await uploadOk(t, alice, created.id);
    const [a, b] = [open(created.id), open(created.id)];
    await Promise.all([synced(a), synced(b)]);
    a.doc.transact(() => {
      a.doc.getXmlFragment(FRAGMENT).insert(0, [picture({ src: uploaded.src, alt: "A lighthouse at dusk", width: 50, align: "center", caption: "Cape Byron" })]);
    });
    const expected = { type: "image", attrs: { src: uploaded.src, alt: "A lighthouse at dusk", width: 50, align: "center", caption: "Cape Byron" } };
    await expect.poll(() => imageOf(b.content()), { timeout: 10_000 }).toEqual(expected);
    await expect.poll(async () => imageOf((await stored(created.id)).content as DocNode), { timeout: 15_000 }).toEqual(expected);
    await expect
      .poll(async () => ((await request(t, "GET", "/api/search?q=lighthouse", { user: alice })).json() as { results: { id: string }[] }).results.map((r) => r.id), { timeout: 10_000 })
      .toContain(created.id);

    // Pointing the picture at another site: a linked picture, kept and stored.
    const el = a.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement;
    const linked = "https://pictures.example.com/lighthouse.jpg";
    el.setAttribute("src", linked);
    await expect.poll(() => imageOf(b.content())?.attrs?.src, { timeout: 10_000 }).toBe(linked);
    await expect.poll(async () => imageOf((await stored(created.id)).content as DocNode)?.attrs?.src, { timeout: 15_000 }).toBe(linked);

    // An address relative to the original file: a relative picture, kept and stored.
    const relative = "docs/lighthouse.jpg";
    el.setAttribute("src", relative);
    await expect.poll(() => imageOf(b.content())?.attrs?.src, { timeout: 10_000 }).toBe(relative);
    await expect.poll(async () => imageOf((await stored(created.id)).content as DocNode)?.attrs?.src, { timeout: 15_000 }).toBe(relative);
    expected.attrs.src = relative;

    // A javascript: address: refused, closed with 4422, not applied anywhere.
    el.setAttribute("src", "javascript:alert(1)");
    await expect.poll(() => a.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    expect(imageOf(b.content())?.attrs?.src).toBe(relative);

    // A new picture holding a data: URL, and a width past 100%: refused as well.
    b.doc.transact(() => b.doc.getXmlFragment(FRAGMENT).insert(0, [picture({ src: "data:image/png;base64,iVBORw0KGgo=", alt: "x" })]));
    await expect.poll(() => b.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    // One of the app's own routes, written as a relative address: refused too.
    const d = open(created.id);
    await synced(d);
    d.doc.transact(() => d.doc.getXmlFragment(FRAGMENT).insert(0, [picture({ src: "/api/documents", alt: "x" })]));
    await expect.poll(() => d.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    const c = open(created.id);
    await synced(c);
    (c.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).setAttribute("width", 400 as never);
    await expect.poll(() => c.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    expect(imageOf((await stored(created.id)).content as DocNode)).toEqual(expected);
  });
});

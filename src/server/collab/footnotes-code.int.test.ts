// Footnotes and code blocks with a language in the live document: a co-editor's new footnote
// (a reference in the text and its note in the list at the end) and a code block's language
// are stored and reach the other editor; a language word that breaks the rule (a quote or an
// angle bracket) and a footnote id that is not a plain name are refused at the door.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { createDocument } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, request } from "../test/harness.js";
import { withLiveOwner } from "./live-owner.test-util.js";
import { synced } from "./provider.test-util.js";
import { FRAGMENT } from "./ydoc.js";

const text = (s: string) => ({ type: "text", text: s });
const START: DocNode = {
  type: "doc",
  content: [
    { type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [text("Claim.")] },
    { type: "codeBlock", attrs: { language: "python" }, content: [text("print('hi')")] },
  ],
};

describe("footnotes and code languages, edited live", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  const live = withLiveOwner((s) => ({ t, base, owner: alice } = s));
  const open = live.open;
  const stored = async (id: string) => (await live.stored(id)).content as DocNode;


  it("a co-editor's footnote and code language are stored and shown to the other editor; bad values are refused", async () => {
    const created = await createDocument(t, alice);
    const saved = await request(t, "PATCH", `/api/documents/${created.id}`, { user: alice, payload: { content: START, version: created.version } });
    expect(saved.statusCode, saved.body).toBe(200);
    const [a, b] = [open(created.id), open(created.id)];
    await Promise.all([synced(a), synced(b)]);
    const fragment = a.doc.getXmlFragment(FRAGMENT);
    a.doc.transact(() => {
      // The reference after "Claim." and its note in a new list at the end, as the editor writes them.
      const paragraph = fragment.get(0) as Y.XmlElement;
      const ref = new Y.XmlElement("footnoteReference");
      ref.setAttribute("id", "k3x9");
      paragraph.insert(1, [ref]);
      const list = new Y.XmlElement("footnotes");
      const note = new Y.XmlElement("footnote");
      note.setAttribute("id", "k3x9");
      const notePara = new Y.XmlElement("paragraph");
      notePara.insert(0, [new Y.XmlText("Source: the 1998 survey.")]);
      note.insert(0, [notePara]);
      list.insert(0, [note]);
      fragment.insert(fragment.length, [list]);
      (fragment.get(1) as Y.XmlElement).setAttribute("language", "rust");
    });
    const expected: DocNode = {
      type: "doc",
      content: [
        { type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [text("Claim."), { type: "footnoteReference", attrs: { id: "k3x9" } }] },
        { type: "codeBlock", attrs: { language: "rust" }, content: [text("print('hi')")] },
        { type: "footnotes", content: [{ type: "footnote", attrs: { id: "k3x9" }, content: [{ type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [text("Source: the 1998 survey.")] }] }] },
      ],
    };
    await expect.poll(() => b.content(), { timeout: 10_000 }).toEqual(expected);
    await expect.poll(() => stored(created.id), { timeout: 15_000 }).toEqual(expected);
    // The note's words are searchable text.
    const search = await request(t, "GET", "/api/search?q=survey", { user: alice });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.body).toContain(created.id);

    (b.doc.getXmlFragment(FRAGMENT).get(1) as Y.XmlElement).setAttribute("language", 'klingon"><b>');
    await expect.poll(() => b.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    const c = open(created.id);
    await synced(c);
    const ref = new Y.XmlElement("footnoteReference");
    ref.setAttribute("id", "<img onerror=x>");
    (c.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).insert(0, [ref]);
    await expect.poll(() => c.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    expect(a.content()).toEqual(expected);
  });
});

// Headings 4–6, to-do lists, superscript, subscript and highlight in the live document: a
// REST save with them reaches an open editor, a co-editor's checkbox tick and marks are
// stored, and a checked value that is not true or false is refused at the door.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { RICH_DOC } from "../../shared/export/rich-fixtures.js";
import { createDocument } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, request } from "../test/harness.js";
import { withLiveOwner } from "./live-owner.test-util.js";
import { type TestEditor, synced } from "./provider.test-util.js";
import { FRAGMENT } from "./ydoc.js";

describe("rich content, edited live", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  const live = withLiveOwner((s) => ({ t, base, owner: alice } = s));
  const open = live.open;
  const stored = live.stored;
  /** The first to-do item element of the live document. */
  const firstTask = (editor: TestEditor) => {
    const list = editor.doc.getXmlFragment(FRAGMENT).toArray().find((n) => n instanceof Y.XmlElement && n.nodeName === "taskList") as Y.XmlElement;
    return list.get(0) as Y.XmlElement;
  };


  it("a PATCH with headings 4–6, a to-do list, superscript, subscript and highlight is accepted and reaches an open editor", async () => {
    const doc = await createDocument(t, alice);
    const live = open(doc.id);
    await synced(live);
    const res = await request(t, "PATCH", `/api/documents/${doc.id}`, { user: alice, payload: { content: RICH_DOC, version: doc.version } });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as DocumentRecord).content).toEqual(RICH_DOC);
    await expect.poll(() => live.content(), { timeout: 10_000 }).toEqual(RICH_DOC);
    // The stored text has the items' words and no checkbox glyphs.
    const text = (await stored(doc.id)) as DocumentRecord & { word_count?: number };
    expect(JSON.stringify(text.content)).toContain("Outline");
  });

  it("a co-editor ticking a box and marking text is stored; a checked value that is not a boolean is refused", async () => {
    const created = await createDocument(t, alice);
    await request(t, "PATCH", `/api/documents/${created.id}`, { user: alice, payload: { content: RICH_DOC, version: created.version } });
    const [a, b] = [open(created.id), open(created.id)];
    await Promise.all([synced(a), synced(b)]);
    // "Write report" (the second item) gets ticked; its text gets a highlight.
    const second = (a.doc.getXmlFragment(FRAGMENT).toArray().find((n) => n instanceof Y.XmlElement && n.nodeName === "taskList") as Y.XmlElement).get(1) as Y.XmlElement;
    a.doc.transact(() => {
      second.setAttribute("checked", true as never);
      ((second.get(0) as Y.XmlElement).get(0) as Y.XmlText).format(0, 5, { highlight: {} });
    });
    const item = (d: DocNode) => d.content![4]!.content![1]!;
    await expect.poll(() => item(b.content()).attrs?.checked, { timeout: 10_000 }).toBe(true);
    expect(item(b.content()).content![0]!.content![0]).toEqual({ type: "text", text: "Write", marks: [{ type: "highlight" }] });
    await expect.poll(async () => item((await stored(created.id)).content as DocNode).attrs?.checked, { timeout: 15_000 }).toBe(true);

    firstTask(b).setAttribute("checked", "yes" as never);
    await expect.poll(() => b.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    expect(item(a.content()).attrs?.checked).toBe(true);
    expect(a.content().content![4]!.content![0]!.attrs?.checked).toBe(true);
  });
});

// Tables in the live document: a co-editor's new table (header row, merged cell, a dragged
// column width) is applied, reaches the other editor and is stored with its text searchable;
// a cell whose colspan is not a positive whole number, or whose widths are not numbers, is
// refused at the door and reaches nobody.
import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { createDocument } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, request } from "../test/harness.js";
import { withLiveOwner } from "./live-owner.test-util.js";
import { synced } from "./provider.test-util.js";
import { FRAGMENT } from "./ydoc.js";

/** A cell element as y-prosemirror writes one: attributes on the element, a paragraph of text inside. */
function cell(kind: "tableHeader" | "tableCell", text: string, attrs: Record<string, unknown> = {}): Y.XmlElement {
  const el = new Y.XmlElement(kind);
  for (const [k, v] of Object.entries({ colspan: 1, rowspan: 1, ...attrs })) el.setAttribute(k, v as never);
  const p = new Y.XmlElement("paragraph");
  const t = new Y.XmlText();
  t.insert(0, text);
  p.insert(0, [t]);
  el.insert(0, [p]);
  return el;
}
function row(...cells: Y.XmlElement[]): Y.XmlElement {
  const el = new Y.XmlElement("tableRow");
  el.insert(0, cells);
  return el;
}

describe("tables, edited live", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;
  const live = withLiveOwner((s) => ({ t, base, owner: alice } = s));
  const open = live.open;
  const stored = live.stored;
  const tableOf = (doc: DocNode) => doc.content?.find((b) => b.type === "table");


  it("a table typed by a co-editor reaches the other editor and is stored; a bad colspan or width list is refused", async () => {
    const created = await createDocument(t, alice);
    const [a, b] = [open(created.id), open(created.id)];
    await Promise.all([synced(a), synced(b)]);
    const table = new Y.XmlElement("table");
    a.doc.transact(() => {
      table.insert(0, [
        row(cell("tableHeader", "Fruit", { colwidth: [140] }), cell("tableHeader", "Count")),
        row(cell("tableCell", "Apples and pears", { colspan: 2 })),
      ]);
      a.doc.getXmlFragment(FRAGMENT).insert(0, [table]);
    });
    const expected = {
      type: "table",
      content: [
        {
          type: "tableRow",
          content: [
            { type: "tableHeader", attrs: { colspan: 1, rowspan: 1, colwidth: [140], align: null }, content: [{ type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [{ type: "text", text: "Fruit" }] }] },
            { type: "tableHeader", attrs: { colspan: 1, rowspan: 1, colwidth: null, align: null }, content: [{ type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [{ type: "text", text: "Count" }] }] },
          ],
        },
        {
          type: "tableRow",
          content: [
            { type: "tableCell", attrs: { colspan: 2, rowspan: 1, colwidth: null, align: null }, content: [{ type: "paragraph", attrs: { textAlign: null, suggestedBreak: null }, content: [{ type: "text", text: "Apples and pears" }] }] },
          ],
        },
      ],
    };
    await expect.poll(() => tableOf(b.content()), { timeout: 10_000 }).toEqual(expected);
    await expect.poll(async () => tableOf((await stored(created.id)).content as DocNode), { timeout: 15_000 }).toEqual(expected);
    // Its words are the document's text: found by search, cells not run together.
    await expect
      .poll(async () => ((await request(t, "GET", `/api/search?q=pears`, { user: alice })).json() as { results: { id: string }[] }).results.map((r) => r.id), { timeout: 10_000 })
      .toContain(created.id);

    // A merged cell set to span zero columns: refused, closed with 4422, not applied anywhere.
    const merged = (table.get(1) as Y.XmlElement).get(0) as Y.XmlElement;
    merged.setAttribute("colspan", 0 as never);
    await expect.poll(() => a.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    expect(tableOf(b.content())?.content?.[1]?.content?.[0]?.attrs?.colspan).toBe(2);

    // Widths that are not numbers: refused as well.
    const header = (b.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlElement;
    (header.get(0) as Y.XmlElement).setAttribute("colwidth", ["wide"] as never);
    await expect.poll(() => b.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);
    expect((tableOf((await stored(created.id)).content as DocNode)?.content?.[0]?.content?.[0]?.attrs?.colwidth)).toEqual([140]);
  });
});

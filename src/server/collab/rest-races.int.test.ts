// REST saves racing live editing never delete words. A REST save of a co-edited document is
// applied as the change from the version its writer read; it once was the change from
// whatever was stored when it arrived, so a store landing in between turned everything typed
// since into deletions. fast-check draws the interleavings: typists at random pauses, "store
// now" requests, and a REST writer saving its own paragraph (re-reading on every 409).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type * as Y from "yjs";
import type { DocumentRecord } from "../../shared/contracts/documents.js";
import type { DocNode } from "../../shared/editor/schema.js";
import { createDocument, withAppAndOwner } from "../documents/documents.test-util.js";
import { type TestApp, type TestUser, request } from "../test/harness.js";
import { type TestEditor, openEditor, synced } from "./provider.test-util.js";
import { FRAGMENT } from "./ydoc.js";

const doc = (...texts: string[]): DocNode => ({ type: "doc", content: texts.map((text) => ({ type: "paragraph", content: [{ type: "text", text }] })) });
const paragraphs = (content: DocNode) => (content.content ?? []).map((block) => (block.content ?? []).map((n) => n.text ?? "").join(""));
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Appends `text` to paragraph `index` of an editor's document, as typing there does. */
function typeInto(editor: TestEditor, index: number, text: string) {
  const paragraph = editor.doc.getXmlFragment(FRAGMENT).get(index) as Y.XmlElement;
  const run = paragraph.get(0) as Y.XmlText;
  run.insert(run.length, text);
}

describe("REST saves racing live editing", () => {
  let t: TestApp;
  let base: string;
  let alice: TestUser;

  const get = async (id: string) => (await request(t, "GET", `/api/documents/${id}`, { user: alice })).json() as DocumentRecord;
  const create = (content: DocNode) => createDocument(t, alice, { content });

  withAppAndOwner({ owner: { plan: "professional" }, listen: true }, (s) => ({ t, base, owner: alice } = s));

  it("two typists, 'store now' and a REST writer saving its paragraph: no typed character is lost", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 0, max: 1 }), fc.integer({ min: 0, max: 12 })), { minLength: 30, maxLength: 60 }),
        fc.array(fc.integer({ min: 0, max: 15 }), { minLength: 6, maxLength: 14 }),
        fc.array(fc.integer({ min: 0, max: 10 }), { minLength: 10, maxLength: 30 }),
        async (keys, saveGaps, storeGaps) => {
          const created = await create(doc("A:", "B:", "W:"));
          const typists = [openEditor(base, created.id, alice.token), openEditor(base, created.id, alice.token)];
          try {
            await Promise.all(typists.map(synced));
            // The first REST save makes the document co-edited; later ones go through its live state.
            const typed = ["A:", "B:"];
            const typing = (async () => {
              for (const [who, gap] of keys) {
                const ch = String.fromCharCode(97 + ((typed[who]!.length * 7 + who) % 26));
                typed[who] += ch;
                typeInto(typists[who]!, who, ch);
                await pause(gap);
              }
            })();
            const storing = (async () => {
              for (const gap of storeGaps) {
                typists[0]!.provider.sendStateless(JSON.stringify({ type: "store-now" }));
                await pause(gap);
              }
            })();
            let lastSaved = "W:";
            const writing = (async () => {
              for (const [n, gap] of saveGaps.entries()) {
                for (let attempt = 0; attempt < 20; attempt++) {
                  const seen = await get(created.id);
                  const mine = `W:${n}`;
                  const next = paragraphs(seen.content as DocNode);
                  next[2] = mine;
                  const res = await request(t, "PATCH", `/api/documents/${created.id}`, { user: alice, payload: { content: doc(...next), version: seen.version } });
                  if (res.statusCode === 200) {
                    lastSaved = mine;
                    break;
                  }
                  expect(res.statusCode).toBe(409);
                }
                await pause(gap);
              }
            })();
            await Promise.all([typing, storing, writing]);
            const expected = [typed[0], typed[1], lastSaved];
            for (const typist of typists) {
              await expect.poll(() => paragraphs(typist.content()), { timeout: 15_000 }).toEqual(expected);
            }
            await expect.poll(async () => paragraphs((await get(created.id)).content as DocNode), { timeout: 20_000 }).toEqual(expected);
          } finally {
            for (const typist of typists) typist.destroy();
          }
        },
      ),
      { numRuns: 6, endOnFailure: true },
    );
  }, 300_000);

  it("two REST saves from the same version with an editor connected: each is stored or gets 409, and what was stored stays", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5 }), fc.boolean(), async (gap, typeBetween) => {
        const created = await create(doc("shared", "one", "two"));
        const live = openEditor(base, created.id, alice.token);
        try {
          await synced(live);
          const seen = await get(created.id);
          const first = paragraphs(seen.content as DocNode);
          first[1] = "one (first writer)";
          const second = paragraphs(seen.content as DocNode);
          second[2] = "two (second writer)";
          if (typeBetween) typeInto(live, 0, "!");
          const save = (content: string[]) => request(t, "PATCH", `/api/documents/${created.id}`, { user: alice, payload: { content: doc(...content), version: seen.version } });
          const [a, b] = await Promise.all([save(first), pause(gap).then(() => save(second))]);
          // Each is stored (merged from the version both read) or refused with 409; never both refused.
          for (const res of [a, b]) expect([200, 409]).toContain(res.statusCode);
          expect(a.statusCode === 200 || b.statusCode === 200).toBe(true);
          const expected = [typeBetween ? "shared!" : "shared", a.statusCode === 200 ? first[1] : "one", b.statusCode === 200 ? second[2] : "two"];
          await expect.poll(async () => paragraphs((await get(created.id)).content as DocNode), { timeout: 15_000 }).toEqual(expected);
          await expect.poll(() => paragraphs(live.content())).toEqual(expected);
        } finally {
          live.destroy();
        }
      }),
      { numRuns: 12 },
    );
  }, 120_000);
});


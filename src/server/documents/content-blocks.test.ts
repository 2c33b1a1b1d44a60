// A save's content sent as JSON text is checked block by block, with the blocks of the
// document's last save remembered (shared/editor/blocks.ts, block-memos.ts). Whatever the
// writer sends, after whatever they sent before, the answer must be the whole check's
// (checkContent without memos): accepted or refused with the same status and message, and
// the same normalized JSON, tree, plain text and word count.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RICH_DOC } from "../../shared/export/rich-fixtures.js";
import { block, brokenDoc, editorDoc, type Json, paragraph, textValue } from "../../shared/editor/doc-arbitraries.test-util.js";
import { splitBlocks } from "../../shared/editor/blocks.js";
import { AppError } from "../http/errors.js";
import { BlockMemos } from "./block-memos.js";
import { type CheckedBody, checkContent } from "./content.js";

type Answer = { ok: true; json: string; doc: string; text: string; words: number } | { ok: false; status: number; message: string };

function answer(run: () => ReturnType<typeof checkContent>): Answer {
  try {
    const c = run();
    return { ok: true, json: c.json, doc: JSON.stringify(c.doc), text: c.text, words: c.words };
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    return { ok: false, status: err.status, message: err.message };
  }
}

/** Checks `text` both ways; `memos` carries what the same writer's earlier saves of the document left. */
function sameAnswer(memos: BlockMemos, text: string, body?: CheckedBody) {
  const whole = answer(() => checkContent(text, body));
  const byBlocks = answer(() => checkContent(text, body, memos.slot("user", "doc", text)));
  expect(byBlocks).toEqual(whole);
  return byBlocks;
}

const SENT = { bytes: 1 };

/** Blocks the generators of fit.test.ts leave out, where a block's text reads what came before it. */
const SUGGESTED = { id: "b1", group: "g1", author: "user_1", authorName: "Ann", createdAt: "2026-11-27T10:00:00Z" };
const edgeBlock = fc.oneof(
  block,
  fc.constant<Json>({ type: "paragraph" }),
  fc.constant<Json>({ type: "paragraph", content: [{ type: "hardBreak" }] }),
  textValue.map((text): Json => ({ type: "paragraph", attrs: { suggestedBreak: SUGGESTED }, content: [{ type: "text", text }] })),
  fc.constant<Json>({ type: "image", attrs: { src: "/api/images/00000000-0000-4000-8000-000000000000", alt: "", caption: null } }),
  textValue.map((text): Json => ({ type: "paragraph", content: [{ type: "text", text: `${text}"\\ \u2028 \\u0041` }] })),
);
const doc = fc.array(edgeBlock, { minLength: 1, maxLength: 8 }).map((content): Json => ({ type: "doc", content }));

/** An edit between two autosaves: a block changed, added, removed or moved. */
const edit = fc.tuple(fc.nat(), fc.constantFrom("change", "insert", "remove", "move", "same"), edgeBlock);
function applyEdit(content: Json[], [at, kind, fresh]: [number, string, Json]): Json[] {
  const next = [...content];
  const i = at % (next.length + 1);
  if (kind === "change" && i < next.length) next[i] = fresh;
  else if (kind === "insert") next.splice(i, 0, fresh);
  else if (kind === "remove" && next.length > 1 && i < next.length) next.splice(i, 1);
  else if (kind === "move" && i < next.length) next.push(...next.splice(i, 1));
  return next;
}

/** Characters that change the structure of JSON text, for texts broken at random places. */
const junk = fc.constantFrom("{", "}", "[", "]", ",", '"', "\\", ":", " ", "1", "\\u0000", "\\ud800", "\\\\", '\\"');

describe("the save's check block by block (blocks.ts)", () => {
  it("answers as the whole check for documents the editor writes and broken ones, after any earlier save", () => {
    const memos = new BlockMemos();
    fc.assert(
      fc.property(fc.oneof(doc, editorDoc, brokenDoc), fc.boolean(), (value, sent) => {
        sameAnswer(memos, JSON.stringify(value), sent ? SENT : undefined);
      }),
      { numRuns: 1500 },
    );
  });

  it("answers as the whole check along a run of autosaves of one document", () => {
    fc.assert(
      fc.property(doc, fc.array(edit, { minLength: 1, maxLength: 8 }), (first, edits) => {
        const memos = new BlockMemos();
        let content = first.content as Json[];
        sameAnswer(memos, JSON.stringify(first), SENT);
        for (const e of edits) {
          content = applyEdit(content, e);
          sameAnswer(memos, JSON.stringify({ type: "doc", content }), SENT);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("answers as the whole check for texts broken at random places, after the text they were broken from", () => {
    fc.assert(
      fc.property(doc, fc.array(fc.tuple(fc.nat(), fc.nat(3), junk), { minLength: 1, maxLength: 3 }), (value, cuts) => {
        const memos = new BlockMemos();
        let text = JSON.stringify(value);
        sameAnswer(memos, text, SENT);
        for (const [at, drop, put] of cuts) {
          const i = at % (text.length + 1);
          text = text.slice(0, i) + put + text.slice(i + drop);
          sameAnswer(memos, text, SENT);
        }
      }),
      { numRuns: 1500 },
    );
  });

  it("answers as the whole check for the fixture with every node and mark, and takes it block by block", () => {
    const memos = new BlockMemos();
    const text = JSON.stringify(RICH_DOC);
    sameAnswer(memos, text, SENT);
    expect(splitBlocks(text)).toHaveLength((RICH_DOC.content as unknown[]).length);
  });

  it("takes unchanged blocks from the last save and never lets a later save change them", () => {
    const memos = new BlockMemos();
    const p = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
    const first = checkContent(JSON.stringify({ type: "doc", content: [p("one"), p("two")] }), SENT, memos.slot("u", "d", ""));
    const second = checkContent(JSON.stringify({ type: "doc", content: [p("one"), p("three")] }), SENT, memos.slot("u", "d", ""));
    expect(second.doc.content![0]).toBe(first.doc.content![0]);
    expect(() => {
      (second.doc.content![0]!.content![0] as { text: string }).text = "changed";
    }).toThrow(TypeError);
    expect(second.text).toBe("one\nthree");
    expect(second.words).toBe(2);
  });

  it("merges the line breaks where one block's text ends and the next one's starts, as the whole check does", () => {
    const memos = new BlockMemos();
    const p = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
    const picture = { type: "image", attrs: { src: "/api/images/00000000-0000-4000-8000-000000000000", alt: "A fox", caption: "Running" } };
    const blocks = [{ type: "paragraph" }, p("one"), { type: "paragraph" }, { type: "paragraph", content: [{ type: "hardBreak" }, { type: "text", text: "two" }] }, picture, p("three"), { type: "paragraph" }];
    const answer = sameAnswer(memos, JSON.stringify({ type: "doc", content: blocks }), SENT);
    expect(answer).toMatchObject({ ok: true, text: "one\ntwo\nA fox\nRunning\nthree", words: 6 });
  });

  it("stores a document sent in the form it is stored in as the very text sent", () => {
    const memos = new BlockMemos();
    const whole = checkContent(JSON.stringify({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "one" }] }] }));
    const again = checkContent(whole.json, SENT, memos.slot("u", "d", whole.json));
    expect(again.json).toBe(whole.json);
  });

  it("splits only a document's own list of blocks", () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(block, paragraph), { minLength: 1, maxLength: 5 }), (content) => {
        expect(splitBlocks(JSON.stringify({ type: "doc", content }))).toEqual(content.map((b) => JSON.stringify(b)));
      }),
    );
    expect(splitBlocks('{"type":"doc","content":[]}')).toBeNull();
    expect(splitBlocks('{"content":[{"type":"paragraph"}],"type":"doc"}')).toBeNull();
    expect(splitBlocks('{"type":"doc","content":[{"type":"paragraph"}],"x":[1]}')).toBeNull();
  });
});

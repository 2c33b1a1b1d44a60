// fit.ts decides a document without ProseMirror only when it can copy ProseMirror's answer:
// on random documents the editor writes, and on the same documents broken in the ways a
// client or an attacker could break them, the save's check must accept, refuse (with the
// same message) and normalize exactly as ProseMirror's nodeFromJSON → check → toJSON does,
// with the same plain text and word count.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RICH_DOC } from "../export/rich-fixtures.js";
import { brokenDoc, editorDoc, type Json, partsOf } from "./doc-arbitraries.test-util.js";
import { fitToSchema } from "./fit.js";
import { type DocNode, documentSchema } from "./schema.js";
import { validateDocWithProseMirror, validateDocWithText } from "./validate.js";

/** Both answers, with the normalized JSON as text so that key order counts too. */
function sameAnswer(value: Json) {
  const fitted = validateDocWithText(structuredClone(value));
  const reference = validateDocWithProseMirror(structuredClone(value));
  expect(fitted.ok).toBe(reference.ok);
  if (fitted.ok && reference.ok) {
    expect(JSON.stringify(fitted.doc)).toBe(JSON.stringify(reference.doc));
    expect(fitted.text).toBe(reference.text);
    expect(fitted.words).toBe(reference.words);
  } else if (!fitted.ok && !reference.ok) {
    expect(fitted.message).toBe(reference.message);
  }
}

describe("the schema check without ProseMirror nodes (fit.ts)", () => {
  it("answers as ProseMirror does for documents the editor writes, and decides them itself", () => {
    fc.assert(
      fc.property(editorDoc, (doc) => {
        sameAnswer(doc);
        // Every such document is valid; the walk decides it unless it holds text ProseMirror would join.
        const reference = validateDocWithProseMirror(structuredClone(doc));
        expect(reference.ok).toBe(true);
        const joinable = partsOf(doc).node.some((o) => Array.isArray(o.content) && (o.content as Json[]).some((c, i, all) => i > 0 && c.type === "text" && all[i - 1]!.type === "text"));
        if (!joinable) expect(fitToSchema(documentSchema(), structuredClone(doc) as unknown as DocNode)).not.toBeNull();
      }),
      { numRuns: 400 },
    );
  });

  it("answers as ProseMirror does for documents broken in the ways a client could break them", () => {
    fc.assert(fc.property(brokenDoc, sameAnswer), { numRuns: 1500 });
  });

  it("answers as ProseMirror does for the fixture with every node and mark", () => {
    sameAnswer(RICH_DOC as unknown as Json);
    expect(fitToSchema(documentSchema(), structuredClone(RICH_DOC) as DocNode)).not.toBeNull();
  });
});

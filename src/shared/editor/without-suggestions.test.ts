// Exports show a document without its pending suggestions: suggested words are left out,
// struck words stay as plain text, a paragraph that only a suggestion adds is not there.
import { describe, expect, it } from "vitest";
import { docToText } from "../export/text.js";
import { validateDocContent } from "./validate.js";
import { withoutSuggestions } from "./without-suggestions.js";

const ins = { type: "suggestionInsert", attrs: { id: "g-0", group: "g" } };
const del = { type: "suggestionDelete", attrs: { id: "g-0", group: "g" } };
const doc = {
  type: "doc",
  content: [
    {
      type: "paragraph",
      content: [
        { type: "text", text: "We " },
        { type: "text", text: "has", marks: [del, { type: "bold" }] },
        { type: "text", text: "have", marks: [ins, { type: "bold" }] },
        { type: "text", text: " time." },
      ],
    },
    { type: "paragraph", content: [{ type: "text", text: "A new paragraph.", marks: [ins] }] },
  ],
};

describe("withoutSuggestions", () => {
  it("is valid content and reads as the text before the suggestion", () => {
    expect(validateDocContent(doc).ok).toBe(true);
    const out = withoutSuggestions(doc);
    expect(out.content).toHaveLength(1);
    expect(out.content![0]!.content![1]).toEqual({ type: "text", text: "has", marks: [{ type: "bold" }] });
    expect(docToText(out, { title: "T" })).toContain("We has time.");
    expect(docToText(out, { title: "T" })).not.toContain("have");
  });

  it("returns a document without suggestions unchanged", () => {
    const plain = { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x" }] }] };
    expect(withoutSuggestions(plain)).toBe(plain);
  });
});

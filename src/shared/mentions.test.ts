// Mention tokens: whatever a person's name holds, the token made for them reads back as that
// one person, shows as "@Name", and text around it is kept as it was.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mentionParts, mentionToken, mentionedIds, mentionsAsText } from "./mentions.js";

describe("mention tokens", () => {
  it("read back the person they were made for, with the text around them kept", () => {
    fc.assert(
      fc.property(fc.string(), fc.uuid(), fc.string(), fc.string(), (name, id, before, after) => {
        // Text that itself looks like a token would be a mention; keep the surroundings plain.
        fc.pre(!/@\[/.test(before + after));
        const token = mentionToken(name, id);
        const body = `${before}${token}${after}`;
        expect(mentionedIds(body)).toEqual([id.toLowerCase()]);
        const parts = mentionParts(body);
        expect(parts.filter((p) => p.kind === "mention")).toHaveLength(1);
        expect(parts.map((p) => (p.kind === "text" ? p.text : mentionToken(p.name, p.id))).join("")).toBe(body.replace(id, id.toLowerCase()));
        expect(mentionsAsText(body).startsWith(before)).toBe(true);
      }),
    );
  });

  it("lists each person once, in order, and ignores tokens without a real id", () => {
    const a = "0b7e2a52-4c1b-4d6e-9a55-3f1a2b3c4d5e";
    const b = "1c8f3b63-5d2c-4e7f-8b66-4a2b3c4d5e6f";
    const body = `@[Ann](${a}) and @[Bo](${b}) and @[Ann](${a.toUpperCase()}) and @[Nobody](not-an-id)`;
    expect(mentionedIds(body)).toEqual([a, b]);
    expect(mentionsAsText(body)).toBe("@Ann and @Bo and @Ann and @[Nobody](not-an-id)");
    expect(mentionToken("[x]\nY", a)).toBe(`@[xY](${a})`);
  });
});

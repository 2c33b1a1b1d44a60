import { describe, expect, it } from "vitest";
import { SignupBody, UpdateUserBody } from "./auth.js";
import { findInputProblem, MAX_METADATA_DEPTH, textProblem } from "./text.js";

const nested = (depth: number): unknown => {
  let v: unknown = "x";
  for (let i = 0; i < depth; i++) v = { a: v };
  return v;
};

describe("text rules", () => {
  it("refuses NUL and unpaired surrogates, keeps everything else", () => {
    expect(textProblem("a\u0000b")).toMatch(/NUL/);
    expect(textProblem("a\udc00b")).toMatch(/unpaired surrogate \(U\+DC00\)/);
    expect(textProblem("a\ud800")).toMatch(/U\+D800/);
    for (const ok of ["", "plain", "\ufeffBOM", "\u200fRTL\u200e", "\u202eflip\u202c", "😀", "\ud83d\ude00", "𝄞", "\u{10FFFF}", "a\u0001b"]) {
      expect(textProblem(ok), JSON.stringify(ok)).toBeNull();
    }
  });

  it("names the field, in values and in keys", () => {
    expect(findInputProblem({ title: "ok", data: { list: ["fine", "bad\u0000"] } })).toEqual({
      path: "data.list.1",
      message: "text must not contain the NUL character (U+0000)",
    });
    expect(findInputProblem({ data: { "k\u0000": 1 } })?.path).toBe("data");
  });

  it("caps depth without recursion", () => {
    expect(findInputProblem(nested(10), 10)).toBeNull();
    expect(findInputProblem(nested(11), 10)?.message).toBe("nesting is deeper than 10 levels");
    // 200,000 levels: a recursive walk would overflow the stack long before.
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(findInputProblem(deep)?.message).toMatch(/deeper than/);
  });

  it("applies to user metadata in the auth contracts", () => {
    const bad = UpdateUserBody.safeParse({ data: { full_name: "a\u0000b" } });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("data.full_name: text must not contain the NUL character (U+0000)");
    const deep = SignupBody.safeParse({ email: "a@b.co", password: "x", data: nested(MAX_METADATA_DEPTH + 1) });
    expect(deep.error?.issues[0]?.message).toMatch(/^data\.a\.a.*: nesting is deeper than 16 levels$/);
    expect(UpdateUserBody.safeParse({ data: nested(MAX_METADATA_DEPTH - 1) }).success).toBe(true);
  });
});

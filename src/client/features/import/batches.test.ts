import { describe, expect, it } from "vitest";
import { localRefusal, splitFiles } from "./batches";

const MB = 1024 * 1024;
const f = (name: string, size: number) => ({ name, size });

describe("splitFiles", () => {
  it("refuses unknown types and files over 10 MB before sending", () => {
    expect(localRefusal(f("a.exe", 1))).toMatch(/Only Markdown/);
    expect(localRefusal(f("a.DOCX", 11 * MB))).toMatch(/larger than 10 MB/);
    expect(localRefusal(f("notes.Markdown", 10))).toBeNull();
  });

  it("keeps each request within 20 files and 20 MB", () => {
    const many = Array.from({ length: 45 }, (_, i) => f(`${i}.txt`, 10));
    expect(splitFiles(many).batches.map((b) => b.length)).toEqual([20, 20, 5]);
    const big = [f("a.md", 9 * MB), f("b.md", 9 * MB), f("c.md", 9 * MB), f("d.png", 1)];
    const split = splitFiles(big);
    expect(split.batches.map((b) => b.map((x) => x.name))).toEqual([["a.md", "b.md"], ["c.md"]]);
    expect(split.refused.map((r) => r.name)).toEqual(["d.png"]);
  });
});

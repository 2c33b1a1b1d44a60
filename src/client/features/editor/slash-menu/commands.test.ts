import { describe, expect, it } from "vitest";
import { filterSlashCommands, groupSlashCommands, moveHighlight, SLASH_COMMANDS } from "./commands";

const titles = (q: string) => filterSlashCommands(q).map((c) => c.title);

describe("slash menu filtering", () => {
  it("lists every command, Basic Blocks, More headings, then AI Commands, for an empty filter", () => {
    expect(titles("")).toEqual(SLASH_COMMANDS.map((c) => c.title));
    expect(groupSlashCommands(filterSlashCommands("")).map((g) => g.group)).toEqual(["Basic Blocks", "More headings", "AI Commands"]);
    expect(titles("").slice(0, 16)).toEqual([
      "Text",
      "Heading 1",
      "Heading 2",
      "Heading 3",
      "Bullet List",
      "Numbered List",
      "To-do List",
      "Quote",
      "Code Block",
      "Divider",
      "Table",
      "Footnote",
      "Picture",
      "Heading 4",
      "Heading 5",
      "Heading 6",
    ]);
    expect(titles("").slice(16)).toEqual(["AI Complete", "AI Rewrite", "AI Summarize", "AI Assistant"]);
  });

  it("matches titles case-insensitively, by word prefix and by keyword", () => {
    expect(titles("head")).toEqual(["Heading 1", "Heading 2", "Heading 3", "Heading 4", "Heading 5", "Heading 6"]);
    expect(titles("h5")).toEqual(["Heading 5"]);
    expect(titles("grid")).toEqual(["Table"]);
    expect(titles("todo")).toEqual(["To-do List"]);
    expect(titles("check")).toEqual(["To-do List"]);
    expect(titles("HEADING 2")).toEqual(["Heading 2"]);
    expect(titles("h2")).toEqual(["Heading 2"]);
    expect(titles("ai")).toEqual(["AI Complete", "AI Rewrite", "AI Summarize", "AI Assistant"]);
    expect(titles("ai sum")).toEqual(["AI Summarize"]);
    expect(titles("list")).toEqual(["Bullet List", "Numbered List", "To-do List"]);
    expect(titles("hr")).toEqual(["Divider"]);
    expect(titles("codeblock")).toEqual(["Code Block"]);
  });

  it("returns nothing for an unknown filter and drops empty groups", () => {
    expect(filterSlashCommands("zzz")).toEqual([]);
    expect(groupSlashCommands(filterSlashCommands("quote")).map((g) => g.group)).toEqual(["Basic Blocks"]);
  });

  it("arrow keys wrap around", () => {
    expect(moveHighlight(0, -1, 3)).toBe(2);
    expect(moveHighlight(2, 1, 3)).toBe(0);
    expect(moveHighlight(0, 1, 0)).toBe(0);
  });
});

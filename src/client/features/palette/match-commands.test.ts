import { describe, expect, it } from "vitest";
import type { AppCommand } from "../../lib/command-registry";
import { matchCommands } from "./match-commands";

const cmd = (label: string, group = "Editor", keywords?: string): AppCommand => ({ id: label, label, group, keywords, run: () => {} });
const ALL = [cmd("Find and replace", "Editor", "search"), cmd("Export as PDF", "Export"), cmd("Export as Word", "Export", "docx"), cmd("Heading 2", "Format"), cmd("Share…", "Document")];
const labels = (q: string) => matchCommands(ALL, q).map((c) => c.label);

describe("matchCommands", () => {
  it("nothing typed lists every command in the page's order", () => {
    expect(labels("  ")).toEqual(ALL.map((c) => c.label));
  });
  it("each typed word starts a word of the label, group or keywords, in any case", () => {
    expect(labels("exp pdf")).toEqual(["Export as PDF"]);
    expect(labels("EXPORT")).toEqual(["Export as PDF", "Export as Word"]);
    expect(labels("docx")).toEqual(["Export as Word"]);
    expect(labels("search")).toEqual(["Find and replace"]);
    expect(labels("head 2")).toEqual(["Heading 2"]);
    expect(labels("share")).toEqual(["Share…"]);
  });
  it("a word inside another word does not match, and neither does an unknown one", () => {
    expect(labels("port")).toEqual([]);
    expect(labels("export zzz")).toEqual([]);
  });
});

import { describe, expect, it } from "vitest";
import type { ImportNode } from "./nodes.js";
import { attr, decodeXml, rangeMarkers } from "./word-ranges.js";

const M = rangeMarkers("\uE000", "\uE001");
const marker = (kind: "s" | "e", id: number) => `\uE000${kind}${id}\uE001`;
const para = (...texts: string[]): ImportNode => ({ type: "paragraph", content: texts.map((text) => ({ type: "text", text })) });

describe("Word range markers", () => {
  it("writes a run the reader keeps as text, and reads Word attributes and entities", () => {
    expect(M.run("s", 7)).toBe('<w:r><w:t xml:space="preserve">\uE000s7\uE001</w:t></w:r>');
    expect(attr(' w:id="3" w:author="A &amp; B"', "w:author")).toBe("A &amp; B");
    expect(decodeXml("A &amp; B &#x41;&#66; &#0;")).toBe("A & B AB ");
  });

  it("hands each piece between markers to `mark` with what is open, drops stray marker characters and emptied runs", () => {
    const open = new Set<string>();
    const heard: string[] = [];
    const blocks = [para(`Apples ${marker("s", 1)}are red\uE001`, marker("e", 1), " and ", `${marker("s", 2)}gone${marker("e", 2)}.`)];
    M.apply(
      blocks,
      (kind, id) => {
        heard.push(`${kind}${id}`);
        if (kind === "s") open.add(id);
        else open.delete(id);
      },
      (piece) => (open.has("2") ? null : { ...piece, marks: [...open].map((id) => ({ type: `m${id}` })) as never }),
    );
    expect(heard).toEqual(["s1", "e1", "s2", "e2"]);
    expect(blocks).toEqual([
      para("Apples ", "are red", " and ", "."),
    ].map((p) => ({ ...p, content: p.content!.map((t) => ({ ...t, marks: t.text === "are red" ? [{ type: "m1" }] : [] })) })));
  });
});

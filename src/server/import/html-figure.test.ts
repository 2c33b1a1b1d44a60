// A <figure> holding one picture and a <figcaption> is read as that picture with its caption
// (stored, linked and relative pictures); other figures are read as before.
import { describe, expect, it } from "vitest";
import { htmlToNodes } from "./convert-html.js";
import { Notes } from "./notes.js";

const read = (html: string) => htmlToNodes(html, new Notes()).blocks;

describe("figures in an HTML import", () => {
  it("a linked or relative picture with a caption, as the HTML export writes it, comes back with its caption", () => {
    for (const src of ["https://example.com/a.png", "img/a.png", "../a.png?v=2"]) {
      expect(read(`<figure data-type="image" data-align="center"><img src="${src}" alt="A cat"><figcaption>Figure 1: the &quot;cat&quot;</figcaption></figure><p>After</p>`)).toEqual([
        { type: "image", attrs: { src, alt: "A cat", caption: 'Figure 1: the "cat"' } },
        { type: "paragraph", content: [{ type: "text", text: "After" }] },
      ]);
    }
  });

  it("a figure from another site (caption first, white space, formatting, a picture inside a link) is one captioned picture", () => {
    expect(read('<figure>\n  <figcaption>\n <b>Cape</b>  Byron<br>at dusk </figcaption>\n<a href="https://x.example"><img src="https://example.com/a.png"></a>\n</figure>')).toEqual([
      { type: "image", attrs: { src: "https://example.com/a.png", alt: null, caption: "Cape Byron at dusk" } },
    ]);
  });

  it("a captioned figure inside a list item keeps the picture and caption together there", () => {
    expect(read('<ul><li><p>One</p><figure><img src="a.png"><figcaption>Cap</figcaption></figure></li></ul>')).toEqual([
      {
        type: "bulletList",
        content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "One" }] }, { type: "image", attrs: { src: "a.png", alt: null, caption: "Cap" } }] }],
      },
    ]);
  });

  it("a figure holding something else, two pictures, or a caption with a link keeps its caption as a paragraph", () => {
    const para = (text: string) => ({ type: "paragraph", content: [{ type: "text", text }] });
    expect(read("<figure><blockquote><p>Quote</p></blockquote><figcaption>Who</figcaption></figure>")).toEqual([{ type: "blockquote", content: [para("Quote")] }, para("Who")]);
    expect(read('<figure><img src="a.png"><img src="b.png"><figcaption>Both</figcaption></figure>')).toEqual([
      { type: "image", attrs: { src: "a.png", alt: null } },
      { type: "image", attrs: { src: "b.png", alt: null } },
      para("Both"),
    ]);
    expect(read('<figure><img src="a.png"><figcaption>By <a href="https://x.example/">X</a></figcaption></figure>')).toEqual([
      { type: "image", attrs: { src: "a.png", alt: null } },
      { type: "paragraph", content: [{ type: "text", text: "By " }, { type: "text", text: "X", marks: [{ type: "link", attrs: { href: "https://x.example/" } }] }] },
    ]);
    expect(read('<figure><img src="a.png"><p>Text</p><figcaption>Cap</figcaption></figure>')).toEqual([{ type: "image", attrs: { src: "a.png", alt: null } }, para("Text"), para("Cap")]);
  });
});

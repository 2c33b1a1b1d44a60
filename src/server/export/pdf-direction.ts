// Right-to-left text on a PDF line. A line's pieces carry their Unicode bidi levels
// (pdf-scripts.ts); here they are put in visual order (rule L2 of the bidi algorithm: from
// the highest level down to the lowest odd one, reverse every run of pieces at that level or
// above), and each piece's text is made ready for fontkit, which reverses the glyphs of an
// Arabic or Hebrew string itself: a right-to-left piece with no such letters (a full stop,
// "?!", a bracket) is reversed here, and brackets are mirrored.
import { RTL_LETTER, clusters, mirrored } from "./pdf-scripts.js";

export function visualOrder<T>(items: T[], levelOf: (item: T) => number): T[] {
  const levels = items.map(levelOf);
  const highest = Math.max(0, ...levels);
  if (highest === 0) return items;
  const lowestOdd = Math.max(1, Math.min(...levels) | 1);
  const out = [...items];
  for (let level = highest; level >= lowestOdd; level--) {
    for (let i = 0; i < out.length; ) {
      if (levels[i]! < level) {
        i++;
        continue;
      }
      let end = i;
      while (end < out.length && levels[end]! >= level) end++;
      reverse(out, i, end);
      reverse(levels, i, end);
      i = end;
    }
  }
  return out;
}

function reverse<T>(list: T[], from: number, to: number) {
  for (let a = from, b = to - 1; a < b; a++, b--) [list[a], list[b]] = [list[b]!, list[a]!];
}

const STRONG_SCRIPT = /[^\p{Script=Common}\p{Script=Inherited}]/u;

/** Whether fontkit lays this text out right to left (it goes by the first character with a script). */
function fontkitReverses(text: string): boolean {
  const first = STRONG_SCRIPT.exec(text)?.[0];
  return first !== undefined && RTL_LETTER.test(first);
}

/** The text to hand to pdfkit so that fontkit draws it in its visual order at this level. */
export function drawnText(text: string, level: number): string {
  const rtl = level % 2 === 1;
  const ready = rtl ? Array.from(text, mirrored).join("") : text;
  return rtl === fontkitReverses(ready) ? ready : clusters(ready).reverse().join("");
}

/**
 * Scripts whose shaping moves vowel signs before the consonant they follow (Devanagari,
 * Bengali… Sinhala) or stacks marks above and below (Thai, Lao).
 */
const REORDERED = /[\u0900-\u0eff]/;

/**
 * Draws with a marked-content span whose ActualText is the logical text, when the glyphs'
 * order differs from it (a Devanagari "ि" is drawn before its consonant): without it,
 * copying or searching "दुनिया" found "दुिनया", and a Thai "ถูก" came out as two words on two lines. The span must sit inside pdfkit's text
 * object (BT…ET): around it, poppler gave the words no box.
 */
export function withActualText(pdf: PDFKit.PDFDocument, text: string, draw: () => void): void {
  if (!REORDERED.test(text)) {
    draw();
    return;
  }
  const doc = pdf as unknown as { addContent(data: string): unknown };
  const add = doc.addContent;
  const own = Object.hasOwn(doc, "addContent");
  const hex = Buffer.from(`\ufeff${text}`, "utf16le").swap16().toString("hex");
  let opened = false;
  let closed = false;
  doc.addContent = function (this: unknown, data: string) {
    if (data === "ET" && opened && !closed) {
      add.call(pdf, "EMC");
      closed = true;
    }
    const result = add.call(pdf, data);
    if (data === "BT" && !opened) {
      add.call(pdf, `/Span <</ActualText <${hex}>>> BDC`);
      opened = true;
    }
    return result;
  };
  try {
    draw();
  } finally {
    if (own) doc.addContent = add;
    else delete (doc as Partial<typeof doc>).addContent;
  }
}

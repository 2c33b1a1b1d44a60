// An answer streamed in pieces comes out without the request's delimiters, whatever way the
// pieces are cut, and the pieces sent always join up to exactly the final text.
import { describe, expect, it } from "vitest";
import { MarkerStripper } from "./strip-markers.js";

const OPEN = "<<<DOC-0123456789abcdef>>>";
const CLOSE = "<<<END-DOC-0123456789abcdef>>>";

/** Streams `answer` cut every `size` characters; returns the joined pieces and the final text. */
function stream(answer: string, size: number, keepLeading = false) {
  const s = new MarkerStripper([OPEN, CLOSE], keepLeading);
  let sent = "";
  for (let i = 0; i < answer.length; i += size) sent += s.push(answer.slice(i, i + size));
  sent += s.end();
  return { sent, text: s.text };
}

describe("MarkerStripper", () => {
  const cases: Array<[string, string, boolean?]> = [
    ["Plain answer.", "Plain answer."],
    [`${OPEN}\nAn echoed block.\n${CLOSE}`, "An echoed block."],
    [`  \n${OPEN}\nLeading space and a block.\n${CLOSE}\n`, "Leading space and a block."],
    ["Arrows >>> and <<< and << stay as they are.", "Arrows >>> and <<< and << stay as they are."],
    ["Ends with an arrow <", "Ends with an arrow <"],
    [`${OPEN}\n and the story went on.${CLOSE}`, " and the story went on.", true],
    [" A continuation keeps its space.\n\n", " A continuation keeps its space.", true],
    [`Cut before the close.\n<<<END-DOC-01`, "Cut before the close."],
  ];
  for (const [answer, expected, keep] of cases) {
    it(`${JSON.stringify(answer).slice(0, 50)} → ${JSON.stringify(expected)}`, () => {
      for (const size of [1, 2, 3, 7, 1000]) {
        const r = stream(answer, size, keep);
        expect(r.text, `pieces of ${size}`).toBe(expected);
        expect(r.sent, `pieces of ${size}`).toBe(expected);
      }
    });
  }
});

import { describe, expect, it } from "vitest";
import { START_MARK as S, STOP_MARK as E, toHighlight } from "./highlight.js";

describe("toHighlight", () => {
  it("splits marked text into runs", () => {
    expect(toHighlight(`the ${S}quick${E} brown ${S}fox${E}`)).toEqual([
      { text: "the ", mark: false },
      { text: "quick", mark: true },
      { text: " brown ", mark: false },
      { text: "fox", mark: true },
    ]);
  });

  it("joins neighbouring marks and keeps markup as text", () => {
    expect(toHighlight(`${S}a${E}${S}b${E}<b>`)).toEqual([
      { text: "ab", mark: true },
      { text: "<b>", mark: false },
    ]);
    expect(toHighlight("")).toEqual([]);
  });
});

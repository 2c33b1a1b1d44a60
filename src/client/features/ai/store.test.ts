// Accept on the suggestion card (suggestion-card.tsx) is enabled by canAccept: an empty
// proposal, or an answer still streaming, can never replace the user's selection.
import { describe, expect, it } from "vitest";
import { canAccept } from "./store";

describe("canAccept", () => {
  it("offers Accept for a finished answer with text", () => {
    expect(canAccept({ status: "ready" }, "Polished text.")).toBe(true);
  });

  it("disables Accept for an empty or blank proposal, also when the user edited it down to nothing", () => {
    expect(canAccept({ status: "ready" }, "")).toBe(false);
    expect(canAccept({ status: "ready" }, "  \n\t ")).toBe(false);
  });

  it("disables Accept while the answer is still streaming, and with no suggestion", () => {
    expect(canAccept({ status: "streaming" }, "Half an ans")).toBe(false);
    expect(canAccept(null, "Text")).toBe(false);
  });
});

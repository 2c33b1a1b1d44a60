// Which decisions reach the stored record: one call when a change is first accepted, one when
// the group settles, none for groups without a record id.
import { describe, expect, it } from "vitest";
import { decisionToSend } from "./records";

const group = "6f1c1d2e-8a8b-4c4d-9e9f-0a1b2c3d4e5f";

describe("decisionToSend", () => {
  it("tells the first acceptance of a change and every settling decision", () => {
    expect(decisionToSend(group, true, false, false)).toEqual({ accepted: true, settled: false });
    expect(decisionToSend(group, true, false, true)).toBeNull();
    expect(decisionToSend(group, false, false, false)).toBeNull();
    expect(decisionToSend(group, false, true, true)).toEqual({ accepted: false, settled: true });
    expect(decisionToSend(group, true, true, false)).toEqual({ accepted: true, settled: true });
  });

  it("leaves out groups written before suggestions carried their record's id", () => {
    expect(decisionToSend("k3j9x0ab", true, true, false)).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { checkNewPassword } from "./messages";

describe("checkNewPassword", () => {
  it("checks the length before the confirmation", () => {
    expect(checkNewPassword("12345", "12346")).toBe("passwordTooShort");
    expect(checkNewPassword("123456", "1234567")).toBe("passwordMismatch");
    expect(checkNewPassword("123456", "123456")).toBeNull();
  });
  it("counts characters, not UTF-16 units", () => {
    expect(checkNewPassword("😀😀😀", "😀😀😀")).toBe("passwordTooShort");
  });
});

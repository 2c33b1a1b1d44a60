import { describe, expect, it } from "vitest";
import { newPasswordProblem } from "./password-rules";

describe("newPasswordProblem", () => {
  it("checks the length before the confirmation", () => {
    expect(newPasswordProblem("12345", "12346")).toEqual({ title: "Password too short", description: "Password must be at least 6 characters" });
    expect(newPasswordProblem("123456", "1234567")).toEqual({
      title: "Password mismatch",
      description: "Passwords do not match",
      variant: "destructive",
    });
    expect(newPasswordProblem("123456", "123456")).toBeNull();
  });
  it("counts characters, not UTF-16 units", () => {
    expect(newPasswordProblem("😀😀😀", "😀😀😀")?.title).toBe("Password too short");
  });
});

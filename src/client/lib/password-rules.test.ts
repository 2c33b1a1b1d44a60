import { describe, expect, it } from "vitest";
import { newPasswordProblem } from "./password-rules";

describe("newPasswordProblem", () => {
  it("checks the rule before the confirmation", () => {
    expect(newPasswordProblem("1234567", "1234568")).toEqual({
      title: "Password too short",
      description: "Password should be at least 8 characters.",
    });
    expect(newPasswordProblem("correct-horse-42", "correct-horse-4")).toEqual({
      title: "Password mismatch",
      description: "Passwords do not match",
      variant: "destructive",
    });
    expect(newPasswordProblem("correct-horse-42", "correct-horse-42")).toBeNull();
  });
  it("counts characters, not UTF-16 units", () => {
    expect(newPasswordProblem("😀😀😀😀😀😀😀", "😀😀😀😀😀😀😀")?.title).toBe("Password too short");
    expect(newPasswordProblem("😀😀😀😀😀😀😀😀", "😀😀😀😀😀😀😀😀")).toBeNull();
  });
  it("refuses a common password whatever its case, with no composition rules", () => {
    expect(newPasswordProblem("Password1", "Password1")?.title).toBe("Password too common");
    expect(newPasswordProblem("iloveyou", "iloveyou")?.title).toBe("Password too common");
    // Only lowercase letters and spaces: long and uncommon is enough.
    expect(newPasswordProblem("open sesame please", "open sesame please")).toBeNull();
  });
});

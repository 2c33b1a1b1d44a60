import { describe, expect, it } from "vitest";
import { shortcutAction } from "./use-editor-shortcuts";

const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey", boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe("editor shortcuts", () => {
  it("maps Ctrl/Cmd+K, R, / and S", () => {
    expect(shortcutAction(key("k", { ctrlKey: true }))).toBe("complete");
    expect(shortcutAction(key("r", { metaKey: true }))).toBe("rewrite");
    expect(shortcutAction(key("/", { ctrlKey: true }))).toBe("assistant");
    expect(shortcutAction(key("s", { ctrlKey: true }))).toBe("save");
  });

  it("leaves other keys and Ctrl+Shift+S (strikethrough) to the editor", () => {
    expect(shortcutAction(key("k"))).toBeNull();
    expect(shortcutAction(key("b", { ctrlKey: true }))).toBeNull();
    expect(shortcutAction(key("S", { ctrlKey: true, shiftKey: true }))).toBeNull();
  });
});

import { describe, expect, it } from "vitest";
import { shortcutAction } from "../use-editor-shortcuts";

const key = (k: string, mods: Partial<Record<"ctrlKey" | "metaKey" | "altKey" | "shiftKey", boolean>> = {}) => ({
  key: k,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe("find shortcuts", () => {
  it("opens find with Ctrl/Cmd+F and find with replace with Ctrl/Cmd+H", () => {
    expect(shortcutAction(key("f", { ctrlKey: true }))).toBe("find");
    expect(shortcutAction(key("F", { metaKey: true }))).toBe("find");
    expect(shortcutAction(key("h", { ctrlKey: true }))).toBe("replace");
    expect(shortcutAction(key("h", { metaKey: true }))).toBe("replace");
  });

  it("leaves plain and shifted keys alone", () => {
    expect(shortcutAction(key("f"))).toBeNull();
    expect(shortcutAction(key("F", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutAction(key("h", { ctrlKey: true, altKey: true }))).toBeNull();
  });
});

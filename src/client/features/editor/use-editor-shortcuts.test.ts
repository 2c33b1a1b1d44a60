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
  it("maps Ctrl/Cmd+K in the text to a link, and R, / and S", () => {
    expect(shortcutAction(key("k", { ctrlKey: true }), true)).toBe("link");
    expect(shortcutAction(key("K", { metaKey: true }), true)).toBe("link");
    expect(shortcutAction(key("r", { metaKey: true }))).toBe("rewrite");
    expect(shortcutAction(key("/", { ctrlKey: true }))).toBe("assistant");
    expect(shortcutAction(key("s", { ctrlKey: true }))).toBe("save");
  });

  it("leaves Ctrl+K outside the text to the browser and Ctrl+Shift+K to the palette", () => {
    expect(shortcutAction(key("k", { ctrlKey: true }))).toBeNull();
    expect(shortcutAction(key("K", { ctrlKey: true, shiftKey: true }), true)).toBeNull();
    expect(shortcutAction(key("j", { ctrlKey: true }), true)).toBeNull();
  });

  it("leaves other keys and Ctrl+Shift+S (strikethrough) to the editor", () => {
    expect(shortcutAction(key("k"))).toBeNull();
    expect(shortcutAction(key("b", { ctrlKey: true }))).toBeNull();
    expect(shortcutAction(key("S", { ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it("leaves the to-do list, superscript, subscript and highlight keys to the editor", () => {
    expect(shortcutAction(key("(", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutAction(key(".", { ctrlKey: true }))).toBeNull();
    expect(shortcutAction(key(",", { ctrlKey: true }))).toBeNull();
    expect(shortcutAction(key("H", { ctrlKey: true, shiftKey: true }))).toBeNull();
  });

  it("opens find with Ctrl/Cmd+F and find with replace with Ctrl/Cmd+H", () => {
    expect(shortcutAction(key("f", { ctrlKey: true }))).toBe("find");
    expect(shortcutAction(key("F", { metaKey: true }))).toBe("find");
    expect(shortcutAction(key("h", { ctrlKey: true }))).toBe("replace");
    expect(shortcutAction(key("h", { metaKey: true }))).toBe("replace");
  });

  it("leaves plain find keys and shifted or Alt find keys alone", () => {
    expect(shortcutAction(key("f"))).toBeNull();
    expect(shortcutAction(key("F", { ctrlKey: true, shiftKey: true }))).toBeNull();
    expect(shortcutAction(key("h", { ctrlKey: true, altKey: true }))).toBeNull();
  });
});

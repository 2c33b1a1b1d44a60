import { describe, expect, it } from "vitest";
import * as Y from "yjs";
import { replaceText } from "./title-text";

function pair(initial: string) {
  const a = new Y.Doc();
  a.getText("title").insert(0, initial);
  const b = new Y.Doc();
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a));
  return { a, b, sync: () => {
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a, Y.encodeStateVector(b)));
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b, Y.encodeStateVector(a)));
  } };
}

describe("replaceText", () => {
  it("turns the text into the field's value", () => {
    const { a } = pair("Draft title");
    replaceText(a.getText("title"), "Final title here");
    expect(a.getText("title").toString()).toBe("Final title here");
    replaceText(a.getText("title"), "");
    expect(a.getText("title").toString()).toBe("");
  });

  it("keeps both writers' edits at different ends of the title", () => {
    const { a, b, sync } = pair("Chapter");
    replaceText(a.getText("title"), "The Chapter");
    replaceText(b.getText("title"), "Chapter One");
    sync();
    expect(a.getText("title").toString()).toBe("The Chapter One");
    expect(b.getText("title").toString()).toBe("The Chapter One");
  });
});

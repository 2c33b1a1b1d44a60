// A commenter suggests live: words they add marked as their own suggestion and words they
// strike with a delete mark naming them reach everyone; they may withdraw their own
// suggestion; anything else (plain words, a suggestion posing as someone else's, deciding
// another person's suggestion) closes their connection with "change refused" and nobody sees it.
import { ySyncPluginKey } from "@tiptap/y-tiptap";
import { describe, expect, it } from "vitest";
import type * as Y from "yjs";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";
import { SUGGESTION_DELETE, SUGGESTION_INSERT } from "../../shared/editor/suggestion-names.js";
import { createDocument, paragraphDoc } from "../documents/documents.test-util.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { type TestApp, type TestUser, createTestUser } from "../test/harness.js";
import { withLiveOwner } from "./live-owner.test-util.js";
import { type TestEditor, plainText, synced } from "./provider.test-util.js";
import { suggestingEditor } from "./suggesting-editor.test-util.js";
import { FRAGMENT } from "./ydoc.js";

describe("a commenter's suggestions on the live document", () => {
  let t: TestApp;
  let owner: TestUser;
  const { open } = withLiveOwner((s) => ({ t, owner } = s), { fullName: "Olivia Owner" });

  async function setup(text: string) {
    const doc = await createDocument(t, owner, { title: "Draft", content: paragraphDoc(text) });
    const commenter = await createTestUser(t, { fullName: "Cora Commenter" });
    await inviteAndAccept(t, owner, doc.id, commenter, "commenter");
    const mine = open(doc.id, commenter);
    const watcher = open(doc.id, owner);
    await Promise.all([synced(mine), synced(watcher)]);
    const text0 = () => (mine.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    const by = (author: string, id: string) => ({ id, group: id, author, authorName: "Cora Commenter", createdAt: "2026-11-27T03:00:00.000Z" });
    return { doc, commenter, mine, watcher, text0, by };
  }
  const runs = (e: TestEditor) => JSON.stringify(e.content().content![0]!.content);
  const refused = (e: TestEditor) => expect.poll(() => e.closedCodes.includes(COLLAB_CLOSE.changeRefused), { timeout: 10_000 }).toBe(true);

  it("accepts words suggested and struck as the commenter's own, and their withdrawal", async () => {
    const { commenter, mine, watcher, text0, by } = await setup("Alpha gamma");
    text0().insert(6, "beta ", { [SUGGESTION_INSERT]: by(commenter.id, "s1") });
    text0().format(0, 5, { [SUGGESTION_DELETE]: by(commenter.id, "s2") });
    // The insertion and the strike are two changes: wait for both, not only the first.
    const marked = () => watcher.content().content![0]!.content!.map((n) => [n.text, n.marks?.[0]?.type]);
    await expect.poll(marked, { timeout: 10_000 }).toEqual([
      ["Alpha", SUGGESTION_DELETE],
      [" ", undefined],
      ["beta ", SUGGESTION_INSERT],
      ["gamma", undefined],
    ]);
    const seen = watcher.content().content![0]!.content!;
    expect(seen[2]!.marks![0]!.attrs).toMatchObject({ author: commenter.id, authorName: "Cora Commenter" });
    // Withdrawn: the added words go, the struck ones are plain again.
    text0().delete(6, 5);
    text0().format(0, 5, { [SUGGESTION_DELETE]: null });
    await expect.poll(() => runs(watcher), { timeout: 10_000 }).toBe('[{"type":"text","text":"Alpha gamma"}]');
    expect(mine.closedCodes).toEqual([]);
  });

  it("refuses plain words from a commenter", async () => {
    const { mine, watcher, text0 } = await setup("Alpha gamma");
    text0().insert(6, "beta ");
    await refused(mine);
    expect(runs(watcher)).toBe('[{"type":"text","text":"Alpha gamma"}]');
  });

  it("refuses a suggestion in someone else's name", async () => {
    const { mine, watcher, text0, by } = await setup("Alpha gamma");
    text0().insert(6, "beta ", { [SUGGESTION_INSERT]: by(owner.id, "s1") });
    await refused(mine);
    expect(runs(watcher)).toBe('[{"type":"text","text":"Alpha gamma"}]');
  });

  it("refuses a commenter's decision on another person's suggestion", async () => {
    const doc = await createDocument(t, owner, { title: "Draft", content: paragraphDoc("Alpha gamma") });
    const commenter = await createTestUser(t, { fullName: "Cora Commenter" });
    await inviteAndAccept(t, owner, doc.id, commenter, "commenter");
    const watcher = open(doc.id, owner);
    await synced(watcher);
    const ownerText = () => (watcher.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText;
    ownerText().format(0, 5, { [SUGGESTION_DELETE]: { id: "o1", group: "o1", author: owner.id, authorName: "Olivia Owner", createdAt: "2026-11-27T03:00:00.000Z" } });
    const mine = open(doc.id, commenter);
    await synced(mine);
    await expect.poll(() => runs(mine), { timeout: 10_000 }).toContain(SUGGESTION_DELETE);
    // Accepting the owner's deletion would remove "Alpha".
    ((mine.doc.getXmlFragment(FRAGMENT).get(0) as Y.XmlElement).get(0) as Y.XmlText).delete(0, 5);
    await refused(mine);
    expect(runs(watcher)).toContain('"text":"Alpha"');
  });

  // Typing sends one change per keystroke, each checked while the ones before it may still be
  // on their way into the document: the burst below is what a fast typist's browser sends.
  const pieces = (e: TestEditor, mark: string) =>
    (e.content().content![0]!.content ?? []).filter((n) => n.marks?.some((m) => m.type === mark)).map((n) => n.text);

  it("takes a paragraph's first word typed over, keystroke by keystroke, to everyone", async () => {
    const { commenter, mine, watcher } = await setup("Apples are red and pears are green.");
    const editor = suggestingEditor(mine.doc, { id: commenter.id, name: "Cora Commenter" });
    editor.select(editor.find("Apples"), editor.find("Apples") + "Apples".length);
    editor.type("R");
    await expect.poll(() => pieces(watcher, SUGGESTION_INSERT), { timeout: 10_000 }).toEqual(["R"]);
    // The rest in one burst: the space after "Ripe" is checked while "ipe" is still being
    // logged, and it moves the end of the mark the "R" started.
    editor.type("ipe apples");
    await expect.poll(() => pieces(watcher, SUGGESTION_INSERT), { timeout: 10_000 }).toEqual(["Ripe apples"]);
    expect(pieces(watcher, SUGGESTION_DELETE)).toEqual(["Apples"]);
    expect(plainText(watcher.content())).toBe("ApplesRipe apples are red and pears are green.");
    expect(mine.closedCodes).toEqual([]);
  });

  it("takes typing at a paragraph's end, between two suggestions and backspacing over the commenter's own words", async () => {
    const { commenter, mine, watcher } = await setup("Apples are red and pears are green.");
    const editor = suggestingEditor(mine.doc, { id: commenter.id, name: "Cora Commenter" });
    editor.select(editor.find("red"), editor.find("red") + 3);
    editor.type("c");
    await expect.poll(() => pieces(watcher, SUGGESTION_INSERT), { timeout: 10_000 }).toEqual(["c"]);
    // Everything else in one burst, each keystroke checked while earlier ones are being logged.
    editor.type("rimson");
    // Between the struck "red" and the suggested "crimson".
    editor.select(editor.find("crimson"));
    editor.type("deep ");
    editor.select(editor.state().doc.child(0).content.size + 1);
    editor.type(" Plums too.");
    editor.backspace(5);
    // Struck with Backspace, then typed over: next to a struck word, after a space.
    editor.select(editor.find("green"), editor.find("green") + 5);
    editor.backspace();
    editor.type(" ripe");
    await expect.poll(() => JSON.stringify(watcher.content()), { timeout: 10_000 }).toBe(JSON.stringify(mine.content()));
    expect(pieces(watcher, SUGGESTION_INSERT)).toEqual(["deep crimson", " ripe", " Plums"]);
    expect(pieces(watcher, SUGGESTION_DELETE)).toEqual(["red", "green"]);
    expect(mine.closedCodes).toEqual([]);
  });

  it("still refuses an unmarked keystroke among the commenter's suggestions", async () => {
    const { commenter, mine, watcher } = await setup("Apples are red and pears are green.");
    const editor = suggestingEditor(mine.doc, { id: commenter.id, name: "Cora Commenter" });
    editor.select(editor.find("Apples"), editor.find("Apples") + "Apples".length);
    editor.type("Ripe");
    // As if the tracking were bypassed: plain text right after the suggested words.
    const at = editor.find("Ripe") + "Ripe".length;
    editor.apply(editor.state().tr.insertText("Z", at).setMeta(ySyncPluginKey, {}));
    await refused(mine);
    expect(plainText(watcher.content())).not.toContain("Z");
  });
});

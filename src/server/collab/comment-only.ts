// What a commenter's live change may do: add or remove comment marks, and make, change or
// withdraw their own suggestions (Suggesting mode, src/client/features/suggesting/), nothing
// else. The live connection is the only way to anchor a thread in the text (the comment mark,
// src/shared/editor/marks/comment.ts) and to suggest, so their connection is not read-only
// like a viewer's; instead each change is checked here first, and one that would change
// anything else (plain text, blocks, attributes, other formats, someone else's suggestion,
// the title) is refused whole, like a change the schema refuses (ingress.ts).
//
// The common case for comments is decided from the change alone: new items that are only
// comment formats and deletions only of comment formats. Anything else (typing, Yjs tidying
// other formats in the same change) is applied to a copy of the document and accepted only
// when the document reads the same before and after with comment marks and the commenter's
// own suggestions left out: words they suggest adding are marked as theirs, words they
// suggest deleting stay in the text, struck with a mark that names them.
//
// Each keystroke is its own change, and the next one is often checked while the one before
// is still being logged, not yet in the document (server.ts admitChange). A change is read on
// top of those (`ahead`): read without them it would apply only in part (Yjs holds back what
// builds on missing items but applies its deletions), and typing a space after a suggested
// word, which moves the end of that word's mark, looked like marking the rest of the
// paragraph as the commenter's own. For the same reason a change that still does not apply
// whole is refused: what Yjs holds back would otherwise join the text later, never checked.
import * as Y from "yjs";
import { COLLAB_CLOSE } from "../../shared/contracts/collab.js";
import { COMMENT_MARK } from "../../shared/editor/comment-anchor.js";
import { withoutComments } from "../../shared/editor/without-comments.js";
import { withoutSuggestions } from "../../shared/editor/without-suggestions.js";
import { type Refusal, markName } from "./ingress.js";
import { contentOf, titleOf } from "./ydoc.js";

const notAllowed = (): Refusal => ({ code: COLLAB_CLOSE.changeRefused, reason: "Commenters can comment and suggest but not change the text." });

/**
 * Why a commenter's change `update` is refused on live document `doc`, or null when it only
 * touches comment marks and `userId`'s own suggestions. `ahead`: changes already let in and
 * not yet in `doc` (in the order they came), which `update` may build on.
 */
export function reviewCommentOnly(doc: Y.Doc, update: Uint8Array, userId: string | null, ahead: readonly Uint8Array[] = []): Refusal | null {
  const verdict = commentsOnly(doc, update);
  if (verdict === "refused") return { code: COLLAB_CLOSE.changeRefused, reason: "The change could not be read." };
  if (verdict === "comments") return null;
  const reading = readsTheSame(doc, update, userId, ahead);
  if (reading === "incomplete") return { code: COLLAB_CLOSE.changeRefused, reason: "The change builds on text the server does not have." };
  return reading === "same" ? null : notAllowed();
}

/** Whether `doc` holds all of `update`: the items it adds and the deletions it makes. */
export function holds(doc: Y.Doc, update: Uint8Array): boolean {
  const decoded = Y.decodeUpdate(update);
  for (const struct of decoded.structs) {
    if (struct instanceof Y.Skip) continue;
    if (Y.getState(doc.store, struct.id.client) < struct.id.clock + struct.length) return false;
  }
  for (const [client, ranges] of decoded.ds.clients) {
    const structs = doc.store.clients.get(client);
    for (const { clock, len } of ranges) {
      if (!structs || Y.getState(doc.store, client) < clock + len) return false;
      for (let i = Y.findIndexSS(structs, clock); i < structs.length && structs[i]!.id.clock < clock + len; i++) {
        if (!structs[i]!.deleted) return false;
      }
    }
  }
  return true;
}

/** "comments" when the change alone shows it touches only comment marks; "check" when the document must be compared. */
function commentsOnly(doc: Y.Doc, update: Uint8Array): "comments" | "check" | "refused" {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return "refused";
  }
  let otherFormats = false;
  for (const struct of decoded.structs) {
    if (!(struct instanceof Y.Item)) continue; // GC and Skip carry nothing
    // What the document already holds adds nothing (a device sends its whole copy on connecting).
    if (Y.getState(doc.store, struct.id.client) - struct.id.clock >= struct.length) continue;
    const { content } = struct;
    if (content instanceof Y.ContentDeleted) continue;
    if (content instanceof Y.ContentFormat) {
      if (markName(content.key) !== COMMENT_MARK) otherFormats = true;
      continue;
    }
    return "check";
  }
  for (const [client, ranges] of decoded.ds.clients) {
    const structs = doc.store.clients.get(client);
    if (!structs) continue; // only items of this change (checked above)
    const known = Y.getState(doc.store, client);
    for (const { clock, len } of ranges) {
      // Deleting what the document does not hold yet (an earlier change still on its way):
      // only a reading on top of that change can tell what goes.
      if (clock + len > known) return "check";
      const end = clock + len;
      for (let i = Y.findIndexSS(structs, clock); i < structs.length; i++) {
        const struct = structs[i]!;
        if (struct.id.clock >= end) break;
        if (!(struct instanceof Y.Item) || struct.deleted) continue;
        if (!(struct.content instanceof Y.ContentFormat)) return "check";
        if (markName(struct.content.key) !== COMMENT_MARK) otherFormats = true;
      }
    }
  }
  return otherFormats ? "check" : "comments";
}

/**
 * Whether the document with `ahead` and then `update` applied reads the same as with `ahead`
 * alone, comment marks and `userId`'s suggestions aside; "incomplete" when `update` does not
 * apply whole even then.
 */
function readsTheSame(doc: Y.Doc, update: Uint8Array, userId: string | null, ahead: readonly Uint8Array[]): "same" | "changed" | "incomplete" {
  const own = (attrs: Record<string, unknown>) => userId !== null && attrs.author === userId;
  const read = (d: Y.Doc) => JSON.stringify(withoutComments(withoutSuggestions(contentOf(d), own)));
  const copy = new Y.Doc({ gc: false });
  try {
    Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
    // What the document itself holds back, waiting for an earlier change, is part of it too.
    const { pendingStructs, pendingDs } = doc.store;
    if (pendingStructs) Y.applyUpdate(copy, pendingStructs.update);
    if (pendingDs) Y.applyUpdate(copy, pendingDs);
    for (const earlier of ahead) Y.applyUpdate(copy, earlier);
    const before = read(copy);
    const title = titleOf(copy);
    Y.applyUpdate(copy, update);
    if (!holds(copy, update)) return "incomplete";
    return read(copy) === before && titleOf(copy) === title ? "same" : "changed";
  } catch {
    return "changed";
  } finally {
    copy.destroy();
  }
}

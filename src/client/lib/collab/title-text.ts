// The title is a Yjs text shared by everyone in the document. Typing in the title field
// replaces only the changed run of characters, so two people editing different ends of
// the title both keep their change.
import type * as Y from "yjs";

/** Applies `next` to `text` as one delete and one insert around the common prefix and suffix. */
export function replaceText(text: Y.Text, next: string): void {
  const current = text.toString();
  if (current === next) return;
  let start = 0;
  while (start < current.length && start < next.length && current[start] === next[start]) start++;
  let end = 0;
  while (
    end < current.length - start &&
    end < next.length - start &&
    current[current.length - 1 - end] === next[next.length - 1 - end]
  ) {
    end++;
  }
  const doc = text.doc;
  const apply = () => {
    const removed = current.length - start - end;
    if (removed > 0) text.delete(start, removed);
    const inserted = next.slice(start, next.length - end);
    if (inserted) text.insert(start, inserted);
  };
  if (doc) doc.transact(apply);
  else apply();
}

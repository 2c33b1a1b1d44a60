// What a collaborator's change really changed, as a position mapping.
//
// The live binding applies a remote change by replacing the whole document with its new
// rendering (the nodes that did not change are the same objects), so the transaction's own
// mapping says "everything was replaced": mapped through it, every decoration of this page (a
// grammar mark, a picture's upload placeholder) would be dropped by a collaborator's keystroke
// anywhere. Comparing the two documents, which skips equal nodes by identity, gives the one
// range that changed; a decoration outside it keeps its place.
import type { Node as PmNode } from "@tiptap/pm/model";
import { Mapping, StepMap } from "@tiptap/pm/transform";
import type { Transaction } from "@tiptap/pm/state";

/** The transaction's meta key the live binding sets on a remote change (@tiptap/y-tiptap's ySyncPluginKey). */
const Y_SYNC = "y-sync$";

export const isRemoteChange = (tr: Transaction): boolean => Boolean((tr.getMeta(Y_SYNC) as { isChangeOrigin?: boolean } | undefined)?.isChangeOrigin);

/** Where `before` and `after` differ: from `start` to `endA` in `before`, to `endB` in `after`; null when equal. */
export function changedRange(before: PmNode, after: PmNode): { start: number; endA: number; endB: number } | null {
  const start = before.content.findDiffStart(after.content);
  if (start === null) return null;
  const end = before.content.findDiffEnd(after.content);
  let endA = end?.a ?? before.content.size;
  let endB = end?.b ?? after.content.size;
  // Repeated content on both sides of a change can make the two ends cross the start.
  const overlap = start - Math.min(endA, endB);
  if (overlap > 0) {
    endA += overlap;
    endB += overlap;
  }
  return { start, endA, endB };
}

type ChangedRange = NonNullable<ReturnType<typeof changedRange>>;

/** The mapping that replaces `range` and keeps everything outside it. */
export const rangeMapping = (range: ChangedRange): Mapping =>
  new Mapping([new StepMap([range.start, range.endA - range.start, range.endB - range.start])]);

/** A mapping from `before` to `after` that replaces only the range where they differ. */
export function diffMapping(before: PmNode, after: PmNode): Mapping {
  const range = changedRange(before, after);
  return range ? rangeMapping(range) : new Mapping();
}

/** The mapping to move this page's decorations through `tr`: the real change for a remote one. */
export const decorationMapping = (tr: Transaction): Mapping => (isRemoteChange(tr) ? diffMapping(tr.before, tr.doc) : tr.mapping);

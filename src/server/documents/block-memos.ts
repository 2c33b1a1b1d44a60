// The blocks of each document's last save that was sent as JSON text (shared/editor/blocks.ts),
// so the next autosave checks only the blocks it changed. What is kept is a function of the
// blocks' text alone, so an entry can never be wrong, only missing; it is kept per user and
// document, so no one's save can tell what another's last save held by how fast it is
// checked. Least recently saved documents go first once the memos hold BLOCK_MEMO_BYTES.
import type { BlockMemo } from "../../shared/editor/blocks.js";
import type { AppContext } from "../context.js";
import type { PreviousBlocks } from "./content.js";

export const BLOCK_MEMO_BYTES = 32 * 1024 * 1024;

/**
 * Memory a memo holds for each UTF-16 unit of the content sent: the text (its blocks are
 * slices of it), the normalized JSON, the plain text, each block's text with its line breaks
 * merged, and the nodes (measured: ~4 units).
 */
const BYTES_PER_UNIT = 9;

export class BlockMemos {
  private entries = new Map<string, { memo: BlockMemo; bytes: number }>();
  private bytes = 0;

  constructor(private readonly maxBytes = BLOCK_MEMO_BYTES) {}

  /** The slot of one user's saves of one document, for checkContent. */
  slot(userId: string, documentId: string, content: string): PreviousBlocks {
    const key = `${userId}:${documentId}`;
    return {
      memo: this.entries.get(key)?.memo,
      keep: (memo) => this.set(key, memo, content.length * BYTES_PER_UNIT),
    };
  }

  private set(key: string, memo: BlockMemo, bytes: number): void {
    const old = this.entries.get(key);
    if (old) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    if (bytes > this.maxBytes / 4) return; // one huge document must not empty the memos
    // Re-inserted: a Map iterates in insertion order, so the first entry is the coldest.
    this.entries.set(key, { memo, bytes });
    this.bytes += bytes;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.bytes;
    }
  }
}

const memos = new WeakMap<AppContext, BlockMemos>();

/** The app's memos (one per app context, so tests and instances never share one). */
export function blockMemos(ctx: AppContext): BlockMemos {
  let found = memos.get(ctx);
  if (!found) {
    found = new BlockMemos();
    memos.set(ctx, found);
  }
  return found;
}

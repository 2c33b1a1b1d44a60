// The serialized content of recently read or saved documents, keyed by id and version. A
// version never changes its content (every content change moves the version, save.ts and
// collab/state-store.ts), so an entry is never stale, on any instance. A hit spares the
// database from turning the stored jsonb into text and the embedded database's thread from
// copying it out: a 27 KB read cost 1.0–1.2 ms of server CPU that way, most of it there.
// One entry per document, its newest version: a version that was saved over is never read
// again, and keeping every autosave's content (one each 2 s per editor) pushed the useful
// entries out and kept the old generation of the heap growing, so garbage collection ran
// more. Least recently used entries go first once the cache holds CONTENT_CACHE_BYTES.
import type { AppContext } from "../context.js";

export const CONTENT_CACHE_BYTES = 32 * 1024 * 1024;

export class ContentCache {
  private entries = new Map<string, { version: number; json: string }>();
  private bytes = 0;

  constructor(private readonly maxBytes = CONTENT_CACHE_BYTES) {}

  get(id: string, version: number): string | undefined {
    const entry = this.entries.get(id);
    if (entry === undefined || entry.version !== version) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first entry is the coldest.
    this.entries.delete(id);
    this.entries.set(id, entry);
    return entry.json;
  }

  set(id: string, version: number, json: string): void {
    const old = this.entries.get(id);
    // A slow reader that fetched an older version must not replace a newer one.
    if (old !== undefined && old.version > version) return;
    if (old !== undefined) {
      this.entries.delete(id);
      this.bytes -= old.json.length * 2;
    }
    const size = json.length * 2;
    if (size > this.maxBytes / 4) return; // one huge document must not empty the cache
    this.entries.set(id, { version, json });
    this.bytes += size;
    for (const [k, v] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(k);
      this.bytes -= v.json.length * 2;
    }
  }
}

const caches = new WeakMap<AppContext, ContentCache>();

/** The app's cache (one per app context, so tests and instances never share one). */
export function contentCache(ctx: AppContext): ContentCache {
  let cache = caches.get(ctx);
  if (!cache) {
    cache = new ContentCache();
    caches.set(ctx, cache);
  }
  return cache;
}

// Problems found per paragraph text: a paragraph is checked again only when its text changed,
// so typing in one paragraph of a long document checks that one paragraph. Keyed by the text
// alone (the same sentence in two places is checked once); bounded, the least recently used
// paragraph leaves first.
import type { Problem } from "./types";

export class ParagraphCache {
  private readonly entries = new Map<string, Problem[]>();

  constructor(private readonly max = 5000) {}

  get(text: string): Problem[] | undefined {
    const hit = this.entries.get(text);
    if (hit === undefined) return undefined;
    // Re-inserted: a Map iterates in insertion order, so the first key is the least recently used.
    this.entries.delete(text);
    this.entries.set(text, hit);
    return hit;
  }

  has(text: string): boolean {
    return this.entries.has(text);
  }

  set(text: string, problems: Problem[]): void {
    this.entries.delete(text);
    this.entries.set(text, problems);
    while (this.entries.size > this.max) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  /** The texts among `texts` not checked yet, each once, in their order. */
  missing(texts: Iterable<string>): string[] {
    const out = new Set<string>();
    for (const t of texts) if (!this.entries.has(t)) out.add(t);
    return [...out];
  }

  get size(): number {
    return this.entries.size;
  }
}

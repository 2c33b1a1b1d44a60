// Keeps the prompt's delimiters (prompts/common.ts) out of an answer that is streamed piece by
// piece: a model may echo them around its reply. What could still turn out to be the start of
// a delimiter, and trailing whitespace (an answer's end is trimmed), is held back until the next
// piece shows what it is, so the pieces sent always join up to exactly the final text.
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

export class MarkerStripper {
  private readonly pattern: RegExp;
  private pending = "";
  private started = false;
  private afterMarker = false;
  /** Everything let through so far. */
  text = "";

  /** keepLeading: a continuation keeps its leading whitespace; every other answer starts at its first word. */
  constructor(
    private readonly markers: readonly string[],
    private readonly keepLeading: boolean,
  ) {
    // A delimiter takes the line break that follows it, as it was written in the prompt.
    this.pattern = new RegExp(`(?:${markers.map(escapeRegExp).join("|")})(\\r?\\n)?`, "g");
  }

  /** The part of `piece` (with what was held back) that is certainly answer text. */
  push(piece: string): string {
    let buf = this.pending + piece;
    if (this.afterMarker && buf) {
      buf = buf.replace(/^\r?\n/, "");
      this.afterMarker = false;
    }
    buf = buf.replace(this.pattern, (_m, newline?: string) => {
      if (newline === undefined) this.afterMarker = true;
      return "";
    });
    if (!this.started && !this.keepLeading) buf = buf.replace(/^\s+/, "");
    let cut = buf.length - this.markerPrefixAtEnd(buf);
    while (cut > 0 && /\s/.test(buf[cut - 1]!)) cut--;
    const out = buf.slice(0, cut);
    this.pending = buf.slice(cut);
    if (out) {
      this.started = true;
      this.text += out;
      this.afterMarker = false;
    }
    return out;
  }

  /** The answer has ended: what was held back and is text (not whitespace, not a cut-off delimiter). */
  end(): string {
    const rest = this.pending.replace(/\s+$/, "");
    this.pending = "";
    if (!rest || (rest.trim().length >= 3 && this.markers.some((m) => m.startsWith(rest.trim())))) return "";
    const out = !this.started && !this.keepLeading ? rest.replace(/^\s+/, "") : rest;
    this.text += out;
    return out;
  }

  /** Length of the longest end of `buf` that begins some delimiter. */
  private markerPrefixAtEnd(buf: string): number {
    const longest = Math.max(...this.markers.map((m) => m.length)) - 1;
    for (let k = Math.min(longest, buf.length); k > 0; k--) {
      const tail = buf.slice(-k);
      if (this.markers.some((m) => m.startsWith(tail))) return k;
    }
    return 0;
  }
}

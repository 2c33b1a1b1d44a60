// How much of a streamed answer may go into the document yet: whole words only, and no
// inline markup left open. "The **qui" waits until "**quick** " is complete, so the text never
// shows a half word or a stray "**" that a later chunk would turn into bold.

/** Delimiters whose opening and closing must both have arrived; longest first. */
const PAIRED = ["**", "~~", "`"];

/** Index of the first unmatched opener of `delim` in `line`, or -1 when every one is closed. */
function openAt(line: string, delim: string): number {
  let open = -1;
  let i = line.indexOf(delim);
  while (i >= 0) {
    open = open < 0 ? i : -1;
    i = line.indexOf(delim, i + delim.length);
  }
  return open;
}

/** A single "*" emphasis still open ("**" and a list bullet at the line's start are not it). */
function openStar(line: string): number {
  let open = -1;
  const bullet = /^\s*\*\s/.exec(line);
  for (let i = bullet ? bullet[0].length : 0; i < line.length; i++) {
    if (line[i] !== "*") continue;
    if (line[i + 1] === "*") {
      i++;
      continue;
    }
    open = open < 0 ? i : -1;
  }
  return open;
}

/** A "[" whose link is not complete yet: "[text](url)" needs its closing parenthesis. */
function openLink(line: string): number {
  const start = line.lastIndexOf("[");
  if (start < 0) return -1;
  const rest = line.slice(start);
  // Complete, or brackets followed by something other than "(" (plain text, not a link).
  if (/^\[[^\]]*\]\([^)]*\)/.test(rest) || /^\[[^\]]*\][^(]/.test(rest)) return -1;
  return start;
}

/**
 * The part of `received` that is safe to show: up to the last white space, then cut back
 * before any markup its last line leaves open. `final` (the stream ended) takes it all.
 */
export function stablePrefix(received: string, final = false): string {
  if (final) return received;
  const lastSpace = Math.max(received.lastIndexOf(" "), received.lastIndexOf("\n"), received.lastIndexOf("\t"));
  let text = lastSpace < 0 ? "" : received.slice(0, lastSpace + 1);
  for (;;) {
    const lineStart = text.lastIndexOf("\n") + 1;
    const line = text.slice(lineStart);
    const cuts = [...PAIRED.map((d) => openAt(line, d)), openStar(line), openLink(line)].filter((i) => i >= 0);
    if (!cuts.length) return text;
    text = text.slice(0, lineStart + Math.min(...cuts));
    // Cut back to the white space before the opener, so no half word is left either.
    const space = Math.max(text.lastIndexOf(" "), text.lastIndexOf("\n"), text.lastIndexOf("\t"));
    text = space < 0 ? "" : text.slice(0, space + 1);
  }
}

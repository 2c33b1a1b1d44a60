// Turns what a user typed into PostgreSQL tsquery text. Only letters, marks and digits reach
// the query, each one quoted, so no input can form tsquery syntax (a stray quote, backslash
// or operator is a syntax error in to_tsquery, which would be a 500).
//
// - Bare words must all appear (AND). The last word is a prefix while the user is typing it
//   (when the input does not end in a space or a closing quote).
// - "Quoted words" must appear in that order, next to each other (<->). An unclosed quote is
//   a phrase still being typed: its last word is a prefix too.

/** Enough for any real search; caps the work one request can ask of the database. */
export const MAX_TERMS = 16;

const WORD = /[\p{L}\p{M}\p{N}]+/gu;

const words = (text: string) => text.normalize("NFC").toLowerCase().match(WORD) ?? [];
const lexeme = (word: string, prefix: boolean) => `'${word}'${prefix ? ":*" : ""}`;

/**
 * The longest word of `input` (likely the rarest), where the snippet looks first: ts_headline
 * reads the text it is given word by word, so it gets a window around this word's first
 * appearance instead of the whole document.
 */
export function anchorWord(input: string): string {
  return words(input).reduce((a, b) => (b.length > a.length ? b : a), "");
}

/** The tsquery text for `input`, or null when it holds no word to search for. */
export function toTsquery(input: string): string | null {
  const parts: string[] = [];
  let terms = 0;
  const quoteCount = (input.match(/"/g) ?? []).length;
  const chunks = input.split('"');
  const endsOpen = !/[\s"]$/u.test(input);
  chunks.forEach((chunk, i) => {
    const quoted = i % 2 === 1;
    const last = i === chunks.length - 1;
    // An odd number of quotes leaves the final chunk inside an unclosed phrase.
    const unclosed = quoted && last && quoteCount % 2 === 1;
    const found = words(chunk).slice(0, Math.max(0, MAX_TERMS - terms));
    terms += found.length;
    if (found.length === 0) return;
    const prefixLast = last && (endsOpen || unclosed) && !/\s$/u.test(chunk);
    if (quoted) {
      parts.push(`(${found.map((w, j) => lexeme(w, prefixLast && j === found.length - 1)).join(" <-> ")})`);
    } else {
      for (const [j, w] of found.entries()) parts.push(lexeme(w, prefixLast && j === found.length - 1));
    }
  });
  return parts.length > 0 ? parts.join(" & ") : null;
}

// Words of a text and the English function words: what the checkers on both sides use to
// tell English prose from other languages and to count words.

export function words(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu) ?? [];
}

export const STOPWORDS = new Set(
  (
    "a an and are as at be been being but by can could did do does doing for from had has have having he her here hers him his how i if in into is it its " +
    "itself just me more most my no nor not of off on once only or other our ours out over own same she should so some such than that the their theirs them " +
    "then there these they this those through to too under until up very was we were what when where which while who whom why will with would you your yours " +
    "also about after again against all am any because before below between both during each few further above"
  ).split(" "),
);

/** The word's lower-cased simple inflections (plural or third person and back), for agreement.ts's frequency look-ups. */
export function inflections(w: string): string[] {
  const out = [`${w}s`, `${w}es`];
  if (w.endsWith("y")) out.push(`${w.slice(0, -1)}ies`);
  if (w.endsWith("ies")) out.push(`${w.slice(0, -3)}y`);
  if (w.endsWith("es")) out.push(w.slice(0, -2));
  if (w.endsWith("s")) out.push(w.slice(0, -1));
  return out;
}

/** `candidate` in the case of `original` ("Becaus" → "Because", "THE" stays upper). */
export function inCaseOf(original: string, candidate: string): string {
  if (original.length > 1 && original === original.toUpperCase() && /\p{L}/u.test(original)) return candidate.toUpperCase();
  if (/^\p{Lu}/u.test(original)) return candidate.charAt(0).toUpperCase() + candidate.slice(1);
  return candidate;
}

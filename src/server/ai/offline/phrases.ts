// Whole-word phrase replacement that keeps the case of what it replaces and treats
// straight and typographic apostrophes alike (the editor's typography turns ' into ’).
import type { PhraseMap } from "./rules.js";
import { matchCase } from "./text.js";

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

function phrasePattern(phrase: string): string {
  return escapeRegExp(phrase)
    .replace(/'/g, "['’]")
    .replace(/ /g, "\\s+");
}

export interface ReplaceOptions {
  /** Only replace when another word follows (avoids "that's what it's."). */
  beforeWord?: boolean;
}

const cache = new WeakMap<PhraseMap, Map<string, RegExp>>();

function compile(map: PhraseMap, opts: ReplaceOptions): RegExp {
  let byOpts = cache.get(map);
  if (!byOpts) {
    byOpts = new Map();
    cache.set(map, byOpts);
  }
  const key = JSON.stringify(opts);
  let re = byOpts.get(key);
  if (!re) {
    const keys = Object.keys(map).sort((a, b) => b.length - a.length);
    const tail = opts.beforeWord ? "(?=\\s+[\\p{L}\\p{N}])" : "(?![\\p{L}\\p{N}])";
    re = new RegExp(`(?<![\\p{L}\\p{N}'’])(?:${keys.map(phrasePattern).join("|")})${tail}`, "giu");
    byOpts.set(key, re);
  }
  return re;
}

function lookup(map: PhraseMap, match: string): string | undefined {
  const norm = match.replace(/\s+/g, " ").replace(/’/g, "'");
  if (norm in map) return map[norm];
  const lower = norm.toLowerCase();
  for (const k of Object.keys(map)) if (k.toLowerCase() === lower) return map[k];
  return undefined;
}

/** Replaces every phrase of `map` found in `text` as whole words. */
export function replacePhrases(text: string, map: PhraseMap, opts: ReplaceOptions = {}): string {
  const curly = text.includes("’");
  return text.replace(compile(map, opts), (match) => {
    const rep = lookup(map, match);
    if (rep === undefined) return match;
    const out = matchCase(match, rep);
    return curly ? out.replace(/'/g, "’") : out;
  });
}

/** Removes whole-word phrases (filler, hedges). */
export function removePhrases(text: string, phrases: string[]): string {
  return replacePhrases(text, Object.fromEntries(phrases.map((p) => [p, ""])));
}

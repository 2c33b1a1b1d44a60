// Grammar and spelling through harper.js (a WebAssembly grammar checker that runs in-process).
// The linter is loaded once, on first use (≈2 s), and shared.
import type { Lint, LocalLinter } from "harper.js";
import type { GrammarChange } from "../../../shared/contracts/ai.js";

let linterPromise: Promise<LocalLinter> | null = null;

async function loadLinter(): Promise<LocalLinter> {
  const [{ LocalLinter }, { binary }] = await Promise.all([import("harper.js"), import("harper.js/binary")]);
  const linter = new LocalLinter({ binary });
  await linter.setup();
  return linter;
}

export function getLinter(): Promise<LocalLinter> {
  if (!linterPromise) {
    linterPromise = loadLinter().catch((err) => {
      linterPromise = null;
      throw err;
    });
  }
  return linterPromise;
}

interface Edit {
  start: number;
  end: number;
  insert: string;
  change: GrammarChange;
}

const REPLACE = 0;
const REMOVE = 1;

// harper.js reports spans in UTF-16 units (JavaScript string indices); verified with emoji.
function toEdit(text: string, lint: Lint): Edit | null {
  const suggestion = lint.suggestions()[0];
  if (!suggestion) return null;
  const span = lint.span();
  const start = span.start;
  const end = span.end;
  const original = text.slice(start, end);
  const kind = suggestion.kind() as number;
  const replacementText = suggestion.get_replacement_text();
  let insert: string;
  if (kind === REPLACE) insert = replacementText;
  else if (kind === REMOVE) insert = "";
  else insert = original + replacementText; // InsertAfter
  if (insert === original) return null;
  return {
    start,
    end,
    insert,
    change: { original, replacement: insert, message: lint.message(), kind: lint.lint_kind(), offset: start },
  };
}

export interface GrammarResult {
  correctedText: string;
  changes: GrammarChange[];
}

/** Finds grammar and spelling problems and applies each one's first suggestion. */
export async function correctGrammar(text: string): Promise<GrammarResult> {
  const linter = await getLinter();
  const lints = await linter.lint(text, { language: "plaintext" });
  const edits = lints
    .map((l) => toEdit(text, l))
    .filter((e): e is Edit => e !== null)
    .sort((a, b) => a.start - b.start);
  // Drop overlapping edits (keep the first), then apply from the end so offsets stay valid.
  const chosen: Edit[] = [];
  for (const e of edits) {
    const prev = chosen[chosen.length - 1];
    if (prev && e.start < prev.end) continue;
    chosen.push(e);
  }
  let corrected = text;
  for (const e of [...chosen].reverse()) corrected = corrected.slice(0, e.start) + e.insert + corrected.slice(e.end);
  return { correctedText: corrected, changes: chosen.map((e) => e.change) };
}

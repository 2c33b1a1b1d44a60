// The LanguageTool adapter: checks paragraphs with a LanguageTool server's HTTP API
// (POST /v2/check, form-encoded; a self-hosted server, or LanguageTool's own API with a
// username and API key) and answers each paragraph's problems in the editor's terms. One
// request per batch: the paragraphs are joined with blank lines and the matches split back
// by offset (LanguageTool counts offsets in UTF-16 code units, as JavaScript does), so a
// batch costs one round trip however many paragraphs changed.
import type { GrammarProblem } from "../../shared/contracts/grammar.js";

export interface LanguageToolOptions {
  url: string;
  username?: string;
  apiKey?: string;
  timeoutMs: number;
  /** The document's language; English for now (other languages are not checked). */
  language?: string;
}

/** A match as LanguageTool's /v2/check answers it (the fields used here). */
interface Match {
  message?: string;
  shortMessage?: string;
  offset: number;
  length: number;
  replacements?: { value?: string }[];
  rule?: { id?: string; issueType?: string; category?: { id?: string } };
}

export class LanguageToolError extends Error {}

const SEPARATOR = "\n\n";
const MAX_CANDIDATES = 5;

/** LanguageTool's issue types in the editor's kinds: spelling red, matters of style grey, the rest blue. */
const KINDS: Record<string, string> = {
  misspelling: "Spelling",
  typographical: "Formatting",
  whitespace: "Formatting",
  style: "Style",
  register: "Style",
  "locale-violation": "Regionalism",
  duplication: "Repetition",
};

/** A rule name Ignore can remember (letters and digits, as the personal lists accept). */
function ruleName(id: string | undefined): string {
  const core = (id ?? "RULE").replace(/[^A-Za-z0-9]/g, "");
  return `LanguageTool${core}`.slice(0, 64);
}

function toProblem(match: Match, text: string, start: number): GrammarProblem {
  const from = match.offset - start;
  const to = from + match.length;
  return {
    start: from,
    end: to,
    rule: ruleName(match.rule?.id),
    kind: KINDS[match.rule?.issueType ?? ""] ?? "Grammar",
    // LanguageTool marks suggested words in its messages with <suggestion> tags.
    message: (match.message || match.shortMessage || "Possible problem").replace(/<\/?suggestion>/g, "“").replace(/“([^“]*)“/g, "“$1”"),
    original: text.slice(from, to),
    candidates: (match.replacements ?? [])
      .map((r) => r.value ?? "")
      .filter((v) => v.length > 0)
      .slice(0, MAX_CANDIDATES),
  };
}

export class LanguageToolChecker {
  private readonly endpoint: string;

  constructor(private readonly options: LanguageToolOptions) {
    this.endpoint = `${options.url.replace(/\/+$/, "")}/v2/check`;
  }

  /** The problems of each of `texts`, in order. Throws LanguageToolError when the server does not answer usefully. */
  async check(texts: string[]): Promise<GrammarProblem[][]> {
    const starts: number[] = [];
    let joined = "";
    for (const text of texts) {
      if (joined.length) joined += SEPARATOR;
      starts.push(joined.length);
      joined += text;
    }
    const results: GrammarProblem[][] = texts.map(() => []);
    if (!joined.trim()) return results;
    const form = new URLSearchParams({ text: joined, language: this.options.language ?? "en-US" });
    if (this.options.username && this.options.apiKey) {
      form.set("username", this.options.username);
      form.set("apiKey", this.options.apiKey);
    }
    let response: Response;
    try {
      response = await fetch(this.endpoint, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
        body: form,
        signal: AbortSignal.timeout(this.options.timeoutMs),
      });
    } catch (err) {
      throw new LanguageToolError(err instanceof Error && err.name === "TimeoutError" ? "it did not answer in time" : "it could not be reached");
    }
    if (!response.ok) throw new LanguageToolError(`it answered ${response.status}`);
    let body: { matches?: Match[] };
    try {
      body = (await response.json()) as { matches?: Match[] };
    } catch {
      throw new LanguageToolError("its answer was not JSON");
    }
    for (const match of body.matches ?? []) {
      if (!Number.isInteger(match.offset) || !Number.isInteger(match.length) || match.length <= 0) continue;
      // The paragraph the match starts in; a match across the blank line between two is left out.
      let i = starts.length - 1;
      while (i > 0 && starts[i]! > match.offset) i--;
      const text = texts[i]!;
      if (match.offset + match.length > starts[i]! + text.length) continue;
      results[i]!.push(toProblem(match, text, starts[i]!));
    }
    return results;
  }
}

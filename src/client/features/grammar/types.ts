// What the page and the checker's worker say to each other, and one problem as the editor shows it.

/** One problem in a paragraph: offsets in the paragraph's text, candidates best first. */
export interface Problem {
  start: number;
  end: number;
  /** The checker's rule ("SpellCheck", "PluralSubjectVerb", …): what Ignore remembers. */
  rule: string;
  /** harper's kind: "Spelling" is drawn red, matters of style grey, the rest blue. */
  kind: string;
  message: string;
  original: string;
  candidates: string[];
}

export interface CheckRequest {
  id: number;
  texts: string[];
}

export type CheckResponse = { id: number; results: Problem[][]; error?: undefined } | { id: number; results?: undefined; error: string };

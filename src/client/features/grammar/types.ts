// What the page and the checker's worker say to each other, and one problem as the editor shows it.

import type { GrammarProblem } from "../../../shared/contracts/grammar";

/** One problem in a paragraph, as the browser's checker and the server's grammar service both answer it. */
export type Problem = GrammarProblem;

export interface CheckRequest {
  id: number;
  texts: string[];
}

export type CheckResponse = { id: number; results: Problem[][]; error?: undefined } | { id: number; results?: undefined; error: string };

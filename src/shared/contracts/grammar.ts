// The writer's personal dictionary and ignored findings for the check as you type: read whole
// with GET /api/grammar/personal, changed with PUT (words and findings to add and to remove;
// adding one that is there, or removing one that is not, is no change). Shared by the server
// route and the editor's grammar feature (which imports only the types).
import { z } from "zod";
import { PERSONAL_DICTIONARY_MAX, PERSONAL_ENTRY_MAX } from "../grammar/personal-limits.js";

/** A word as the writer spells it: letters, digits, apostrophes, hyphens and dots, no spaces. */
export const personalWordSchema = z
  .string()
  .trim()
  .min(1, "A word is required")
  .max(PERSONAL_ENTRY_MAX, `A word is at most ${PERSONAL_ENTRY_MAX} characters`)
  .regex(/^[\p{L}\p{M}\p{N}'’.-]+$/u, "A word has no spaces or symbols");

/** A finding dismissed with Ignore: the checker's rule and the text it flagged. */
export const ignoredFindingSchema = z
  .object({
    rule: z.string().regex(/^[A-Za-z][A-Za-z0-9]{0,63}$/, "Not a checker rule"),
    text: z.string().min(1, "The ignored text is required").max(200, "The ignored text is at most 200 characters"),
  })
  .strict();
export type IgnoredFinding = z.infer<typeof ignoredFindingSchema>;

const changeSetSchema = z
  .object({
    words: z.array(personalWordSchema).max(100).optional(),
    ignored: z.array(ignoredFindingSchema).max(100).optional(),
  })
  .strict();

export const personalDictionaryChangeSchema = z
  .object({ add: changeSetSchema.optional(), remove: changeSetSchema.optional() })
  .strict();
export type PersonalDictionaryChange = z.infer<typeof personalDictionaryChangeSchema>;

export interface PersonalDictionary {
  /** Words never flagged as misspelt, in the order they were added. */
  words: string[];
  ignored: IgnoredFinding[];
}

export { PERSONAL_DICTIONARY_MAX };

/** Most paragraphs and characters one check of the grammar service may carry. */
export const GRAMMAR_CHECK_MAX_TEXTS = 50;
export const GRAMMAR_CHECK_MAX_CHARS = 20_000;

/** POST /api/grammar/check: paragraphs to check with the server's grammar service (LanguageTool). */
export const grammarCheckRequestSchema = z
  .object({
    texts: z
      .array(z.string().max(GRAMMAR_CHECK_MAX_CHARS, `A paragraph is at most ${GRAMMAR_CHECK_MAX_CHARS} characters`))
      .min(1, "At least one paragraph is required")
      .max(GRAMMAR_CHECK_MAX_TEXTS, `At most ${GRAMMAR_CHECK_MAX_TEXTS} paragraphs at a time`)
      .refine((texts) => texts.reduce((n, t) => n + t.length, 0) <= GRAMMAR_CHECK_MAX_CHARS, `At most ${GRAMMAR_CHECK_MAX_CHARS} characters at a time`),
  })
  .strict();
export type GrammarCheckRequest = z.infer<typeof grammarCheckRequestSchema>;

/** One problem in a paragraph as the editor draws it: offsets in the paragraph's text, candidates best first. */
export interface GrammarProblem {
  start: number;
  end: number;
  /** The checker's rule: what Ignore remembers (letters and digits). */
  rule: string;
  /** "Spelling" is drawn red, matters of style grey, the rest blue. */
  kind: string;
  message: string;
  original: string;
  candidates: string[];
}

/** The answer: the problems of each paragraph, in the request's order. */
export interface GrammarCheckResponse {
  results: GrammarProblem[][];
}

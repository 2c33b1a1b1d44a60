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

// Limits of the personal dictionary, without zod (the editor reads them on its own path).

/** Words and ignored findings a writer may keep in all. */
export const PERSONAL_DICTIONARY_MAX = 5000;
/** Longest word. */
export const PERSONAL_ENTRY_MAX = 64;

// The names of the two suggestion marks, apart from their TipTap definitions
// (suggestion-marks.ts) so plain-text code can know them without loading the editor library.
export const SUGGESTION_INSERT = "suggestionInsert";
export const SUGGESTION_DELETE = "suggestionDelete";

// Word-level diff between an original and a corrected text, reported as grammar changes
// (used when a language model returns only the corrected text).
import type { GrammarChange } from "../../../shared/contracts/ai.js";
import { wordEdits } from "../../../shared/text/word-diff.js";

export function diffChanges(original: string, corrected: string): GrammarChange[] {
  // Too long to compare cheaply: no list of changes; the corrected text is still returned.
  return (wordEdits(original, corrected) ?? []).map((edit) => {
    const orig = original.slice(edit.start, edit.end);
    const rep = edit.text;
    return {
      original: orig,
      replacement: rep,
      message: orig ? (rep ? `Replace "${orig}" with "${rep}".` : `Remove "${orig}".`) : `Insert "${rep}".`,
      kind: "Correction",
      offset: edit.start,
    };
  });
}

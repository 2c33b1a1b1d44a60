// One AI proposal landing in the document as inline suggestions: rendered again as the
// stream grows (whole words only, stable-prefix.ts), finished when the answer is complete,
// or taken out when it is cancelled. Its transactions stay out of the undo history: a pending
// suggestion is not yet the writer's edit; accepting it is (one undo step, accept.ts).
// The range follows other edits (the writer's, a collaborator's) while the answer streams.
import type { EditorState, Transaction } from "@tiptap/pm/state";
import { clearGroup, type Range, renderSuggestion, type SuggestedEdit } from "./render";
import { readProposal } from "./proposal";
import { stablePrefix } from "./stable-prefix";

/** Marks a transaction as this feature's own (not mapped again, not recorded for undo). */
export const SESSION_META = "inlineSuggestion";

export interface SessionHost {
  state(): EditorState;
  dispatch(tr: Transaction): void;
}

/** A suggestion group's id: also its stored record's id, so a decision made anywhere can be recorded. */
export function newGroupId(): string {
  return crypto.randomUUID();
}

export class SuggestionSession {
  readonly group = newGroupId();
  private shown = "";
  done = false;
  changes = 0;

  constructor(
    private host: SessionHost,
    public range: Range,
  ) {}

  /** Maps the range through a transaction that was not this session's. */
  follow(tr: Transaction): void {
    if (tr.getMeta(SESSION_META) || !tr.docChanged) return;
    this.range = { from: tr.mapping.map(this.range.from, -1), to: tr.mapping.map(this.range.to, 1) };
  }

  private dispatch(build: (tr: Transaction) => void): void {
    const tr = this.host.state().tr;
    build(tr);
    if (!tr.docChanged) return;
    tr.setMeta(SESSION_META, this.group).setMeta("addToHistory", false);
    this.host.dispatch(tr);
  }

  /** The answer received so far; shows it up to its last complete word. */
  update(received: string): void {
    if (this.done) return;
    const safe = stablePrefix(received);
    if (safe === this.shown) return;
    this.shown = safe;
    this.dispatch((tr) => {
      const r = renderSuggestion(tr, { group: this.group, range: this.range, proposal: readProposal(safe), final: false });
      this.range = r.range;
    });
  }

  /** The complete answer (and, for grammar, its own edits); returns how many changes it suggests. */
  finish(answer: string, edits?: SuggestedEdit[]): number {
    this.done = true;
    this.dispatch((tr) => {
      const r = renderSuggestion(tr, { group: this.group, range: this.range, proposal: readProposal(answer), final: true, edits });
      this.range = r.range;
      this.changes = r.changes;
    });
    return this.changes;
  }

  /** Takes the suggestion out (Stop, Esc, an error): the text is as it was. */
  cancel(): void {
    this.done = true;
    this.dispatch((tr) => {
      this.range = clearGroup(tr, this.group, this.range);
    });
  }
}

/** Renders a whole answer at once and returns the changes (tests and non-streamed answers). */
export function renderOnce(state: EditorState, range: Range, answer: string, edits?: SuggestedEdit[]): { state: EditorState; changes: number; group: string } {
  let current = state;
  const s = new SuggestionSession({ state: () => current, dispatch: (tr) => (current = current.apply(tr)) }, range);
  const changes = s.finish(answer, edits);
  return { state: current, changes, group: s.group };
}

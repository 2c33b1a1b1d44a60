// Demo timings from the spec (accounts §2 Landing page).
export const TYPING_TICK_MS = 100;
export const TYPING_PAUSE_MS = 2000;
export const SUGGESTION_TOGGLE_MS = 2000;
export const REFACTOR_TOGGLE_MS = 3000;
export const AUTOSAVE_TICK_MS = 1000;
const AUTOSAVE_MAX_SECONDS = 10;

/** The typing demo's next state: type one more character, or start the next phrase after the pause. */
export function nextTypingStep(phraseCount: number, phraseLength: number, state: { phrase: number; chars: number }) {
  if (state.chars < phraseLength) return { state: { ...state, chars: state.chars + 1 }, delay: TYPING_TICK_MS };
  return { state: { phrase: (state.phrase + 1) % phraseCount, chars: 0 }, delay: TYPING_PAUSE_MS };
}

/** "saved N seconds ago" counts 1..10 and wraps. */
export function nextSavedSeconds(n: number): number {
  return n >= AUTOSAVE_MAX_SECONDS ? 1 : n + 1;
}

export function savedAgoText(n: number): string {
  return `Saved ${n} ${n === 1 ? "second" : "seconds"} ago`;
}

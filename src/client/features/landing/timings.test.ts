import { describe, expect, it } from "vitest";
import { nextSavedSeconds, nextTypingStep, savedAgoText, TYPING_PAUSE_MS, TYPING_TICK_MS } from "./timings";

describe("landing demo timings", () => {
  it("types a character every 100 ms and pauses 2 s before the next phrase", () => {
    expect(nextTypingStep(3, 5, { phrase: 0, chars: 2 })).toEqual({ state: { phrase: 0, chars: 3 }, delay: TYPING_TICK_MS });
    // The last character is shown, then the pause, then the next phrase starts empty.
    expect(nextTypingStep(3, 5, { phrase: 0, chars: 4 })).toEqual({ state: { phrase: 0, chars: 5 }, delay: 100 });
    expect(nextTypingStep(3, 5, { phrase: 0, chars: 5 })).toEqual({ state: { phrase: 1, chars: 0 }, delay: TYPING_PAUSE_MS });
    expect(nextTypingStep(3, 5, { phrase: 2, chars: 5 }).state.phrase).toBe(0);
    expect(TYPING_PAUSE_MS).toBe(2000);
  });

  it("cycles the autosave counter 1 to 10", () => {
    const seen = [1];
    for (let i = 0; i < 10; i++) seen.push(nextSavedSeconds(seen.at(-1)!));
    expect(seen).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 1]);
    expect(savedAgoText(1)).toBe("Saved 1 second ago");
    expect(savedAgoText(7)).toBe("Saved 7 seconds ago");
  });
});

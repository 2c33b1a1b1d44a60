import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { watchDocReading } from "./use-doc-reading";

/** An editor stand-in: its document is a number, `change` bumps it and fires "update". */
function fakeEditor() {
  const handlers = new Set<() => void>();
  const editor = {
    state: { doc: 0 as unknown },
    isDestroyed: false,
    on: (_event: string, fn: () => void) => void handlers.add(fn),
    off: (_event: string, fn: () => void) => void handlers.delete(fn),
    change() {
      editor.state.doc = (editor.state.doc as number) + 1;
      for (const fn of handlers) fn();
    },
    handlers,
  };
  return editor;
}

function watch(schedule: "throttle" | "debounce") {
  const editor = fakeEditor();
  const reads: number[] = [];
  const stop = watchDocReading(editor as never, { read: (doc) => doc as unknown as number, schedule, delayMs: 100 }, (v) => reads.push(v));
  return { editor, reads, stop };
}

describe("watchDocReading", () => {
  beforeEach(() => void vi.useFakeTimers());
  afterEach(() => void vi.useRealTimers());

  it("reads at once, then with throttle at most every delay while changes go on", () => {
    const { editor, reads } = watch("throttle");
    expect(reads).toEqual([0]);
    for (let i = 0; i < 5; i++) {
      editor.change();
      vi.advanceTimersByTime(40);
    }
    // Changes at 0, 40, 80, 120, 160 ms: reads at 100 ms (3 changes in) and 220 ms.
    expect(reads).toEqual([0, 3]);
    vi.advanceTimersByTime(100);
    expect(reads).toEqual([0, 3, 5]);
  });

  it("with debounce reads only once changes have paused for the delay", () => {
    const { editor, reads } = watch("debounce");
    for (let i = 0; i < 5; i++) {
      editor.change();
      vi.advanceTimersByTime(40);
    }
    expect(reads).toEqual([0]);
    vi.advanceTimersByTime(60);
    expect(reads).toEqual([0, 5]);
  });

  it("stops listening and drops a pending read when stopped, and skips a destroyed editor", () => {
    const { editor, reads, stop } = watch("throttle");
    editor.change();
    stop();
    vi.advanceTimersByTime(200);
    expect(reads).toEqual([0]);
    expect(editor.handlers.size).toBe(0);

    const other = watch("debounce");
    other.editor.change();
    other.editor.isDestroyed = true;
    vi.advanceTimersByTime(200);
    expect(other.reads).toEqual([0]);
  });
});

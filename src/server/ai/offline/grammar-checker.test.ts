// The grammar checker's lifetime: no process until the first check, one process shared by
// checks, stopped after the idle time (measured by timers the test advances), started again
// by the next check.
import { afterEach, describe, expect, it } from "vitest";
import { GrammarChecker, type IdleTimers } from "./grammar-checker.js";

/** Timers that fire only when the test advances them. */
function manualTimers() {
  let now = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  const timers: IdleTimers = {
    set(fn, ms) {
      const id = next++;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clear(handle) {
      due.delete(handle as number);
    },
  };
  return {
    timers,
    armed: () => due.size,
    advance(ms: number) {
      now += ms;
      for (const [id, t] of [...due]) {
        if (t.at > now) continue;
        due.delete(id);
        t.fn();
      }
    },
  };
}

function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

const IDLE = 300_000;
let checker: GrammarChecker | undefined;

afterEach(async () => {
  await checker?.release();
});

describe("grammar checker lifetime", () => {
  it("loads on the first check and is released after the idle time", async () => {
    const clock = manualTimers();
    checker = new GrammarChecker({ idleMs: IDLE, timers: clock.timers });
    expect(checker.loaded).toBe(false);
    expect(checker.pid).toBeUndefined();

    const { lints } = await checker.lint("This is an test.");
    expect(lints.map((l) => l.suggestions[0]?.text)).toContain("a");
    expect(checker.loaded).toBe(true);
    const pid = checker.pid!;
    expect(running(pid)).toBe(true);

    // A check before the idle time is up keeps the same process and restarts the wait.
    clock.advance(IDLE - 1);
    expect(checker.loaded).toBe(true);
    await checker.lint("Another sentence.");
    expect(checker.pid).toBe(pid);
    clock.advance(IDLE - 1);
    expect(checker.loaded).toBe(true);

    clock.advance(1);
    expect(checker.loaded).toBe(false);
    await checker.lastExit;
    expect(running(pid)).toBe(false);

    // The next check loads it again.
    expect((await checker.lint("This is an test.")).lints.length).toBeGreaterThan(0);
    expect(checker.loaded).toBe(true);
    expect(checker.pid).not.toBe(pid);
  }, 60_000);

  it("is not released while a check is pending", async () => {
    const clock = manualTimers();
    checker = new GrammarChecker({ idleMs: IDLE, timers: clock.timers });
    const first = checker.lint("This is an test.");
    expect(clock.armed()).toBe(0);
    await checker.release();
    expect(checker.loaded).toBe(true);
    expect((await first).lints.length).toBeGreaterThan(0);
    expect(clock.armed()).toBe(1);
  }, 60_000);

  it("starts a new process after its process stops on its own", async () => {
    checker = new GrammarChecker({ idleMs: IDLE, timers: manualTimers().timers });
    await checker.lint("Hello.");
    const pid = checker.pid!;
    process.kill(pid, "SIGKILL");
    await checker.lastExit;
    expect(checker.loaded).toBe(false);
    expect((await checker.lint("This is an test.")).lints.length).toBeGreaterThan(0);
    expect(checker.pid).not.toBe(pid);
  }, 60_000);
});

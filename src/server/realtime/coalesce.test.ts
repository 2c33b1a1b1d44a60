import { describe, expect, it } from "vitest";
import { type CoalescerClock, createCoalescer } from "./coalesce.js";

function fakeClock() {
  let t = 0;
  const timers: { at: number; fn: () => void; id: number }[] = [];
  let nextId = 1;
  const clock: CoalescerClock & { advance(ms: number): void } = {
    now: () => t,
    setTimeout(fn, ms) {
      const id = nextId++;
      timers.push({ at: t + ms, fn, id });
      return id;
    },
    clearTimeout(id) {
      const i = timers.findIndex((x) => x.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    advance(ms) {
      const end = t + ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > end) break;
        timers.shift();
        t = next.at;
        next.fn();
      }
      t = end;
    },
  };
  return clock;
}

describe("createCoalescer", () => {
  it("sends the first event at once and at most 10 per second after that, always the latest", () => {
    const clock = fakeClock();
    const sent: { v: number; at: number }[] = [];
    const c = createCoalescer<number>(10, (v) => sent.push({ v, at: clock.now() }), clock);
    c.push(1);
    expect(sent).toEqual([{ v: 1, at: 0 }]);
    // 100 events over one second, one every 10 ms.
    for (let i = 2; i <= 101; i++) {
      clock.advance(10);
      c.push(i);
    }
    clock.advance(200);
    expect(sent.length).toBeLessThanOrEqual(12);
    for (let i = 1; i < sent.length; i++) expect(sent[i]!.at - sent[i - 1]!.at).toBeGreaterThanOrEqual(100);
    expect(sent.at(-1)!.v).toBe(101);
    // Any one-second window holds at most 10 sends.
    for (const s of sent) expect(sent.filter((x) => x.at >= s.at && x.at < s.at + 1000).length).toBeLessThanOrEqual(10);
  });

  it("sends right away again once the interval has passed, and cancel drops what is pending", () => {
    const clock = fakeClock();
    const sent: number[] = [];
    const c = createCoalescer<number>(10, (v) => sent.push(v), clock);
    c.push(1);
    clock.advance(150);
    c.push(2);
    expect(sent).toEqual([1, 2]);
    c.push(3);
    c.cancel();
    clock.advance(500);
    expect(sent).toEqual([1, 2]);
  });
});

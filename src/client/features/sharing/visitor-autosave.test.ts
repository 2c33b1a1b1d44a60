import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SavePayload, SaveStatus } from "../../lib/autosave/controller";
import { createVisitorAutosave } from "./visitor-autosave";

type Rec = { title: string; version: number; content: string };

function setup(send: (p: SavePayload, v: number) => Promise<Rec>) {
  let content = "a";
  const statuses: SaveStatus[] = [];
  const shown: unknown[] = [];
  const ctl = createVisitorAutosave<Rec>(
    {
      snapshot: () => ({ title: "T", content }),
      send,
      conflictOf: (err) => (err as { current?: Rec }).current ?? null,
      showTheirs: (c) => {
        shown.push(c.content);
        content = String(c.content);
      },
      onSaved: () => {},
      onError: () => {},
    },
    1,
  );
  ctl.subscribe(() => statuses.push(ctl.getState().status));
  const edit = (c: string) => {
    content = c;
    ctl.change();
  };
  return { ctl, statuses, shown, edit };
}

const saved = (p: SavePayload, v: number): Rec => ({ title: p.title, version: v + 1, content: p.content });

describe("visitor autosave", () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it("saves 2 s after the last change with the version it knows, then the next version", async () => {
    const send = vi.fn(async (p: SavePayload, v: number) => saved(p, v));
    const { ctl, statuses, edit } = setup(send);
    edit("ab");
    await vi.advanceTimersByTimeAsync(1500);
    edit("abc");
    await vi.advanceTimersByTimeAsync(1999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenCalledWith({ title: "T", content: "abc" }, 1);
    expect(ctl.version).toBe(2);
    expect(statuses.at(-1)).toBe("saved");
    expect(statuses).toContain("saving");
    edit("abcd");
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenLastCalledWith({ title: "T", content: "abcd" }, 2);
  });

  it("typing without a 2 s pause is saved 10 s after its first unsaved change", async () => {
    const send = vi.fn(async (p: SavePayload, v: number) => saved(p, v));
    const { edit } = setup(send);
    // Key k at k × 300 ms for 25 s: the 2 s delay alone would never fire.
    let key = 0;
    edit("typed 0");
    const keys = setInterval(() => {
      edit(`typed ${++key}`);
      if (key === 83) clearInterval(keys);
    }, 300);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(send).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(send).toHaveBeenLastCalledWith({ title: "T", content: "typed 33" }, 1);
    // The next window opens with the next key (10.2 s).
    await vi.advanceTimersByTimeAsync(10_200);
    expect(send).toHaveBeenCalledTimes(2);
    expect(send).toHaveBeenLastCalledWith({ title: "T", content: "typed 67" }, 2);
    // Typing stops at 24.9 s: 2 s later the rest is saved, then nothing more.
    await vi.advanceTimersByTimeAsync(24_900 + 2_000 - 20_200);
    expect(send).toHaveBeenCalledTimes(3);
    expect(send).toHaveBeenLastCalledWith({ title: "T", content: "typed 83" }, 3);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it("shows the current document on a conflict and bases the next save on it", async () => {
    const send = vi.fn(async (p: SavePayload, v: number) => {
      if (v === 1) throw { current: { title: "T", version: 5, content: "theirs" } };
      return saved(p, v);
    });
    const { ctl, shown, edit } = setup(send);
    edit("mine");
    await vi.advanceTimersByTimeAsync(2000);
    expect(shown).toEqual(["theirs"]);
    expect(ctl.version).toBe(5);
    expect(ctl.hasUnsavedEdits()).toBe(false);
    expect(ctl.getState().status).toBe("saved");
    edit("mine again");
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).toHaveBeenLastCalledWith({ title: "T", content: "mine again" }, 5);
  });

  it("does not send an unchanged document", async () => {
    const send = vi.fn(async (p: SavePayload, v: number) => saved(p, v));
    const { ctl } = setup(send);
    ctl.change();
    await vi.advanceTimersByTimeAsync(2000);
    expect(send).not.toHaveBeenCalled();
  });

  it("keeps nothing on the device and sends nothing with keepalive when the page goes away", () => {
    const send = vi.fn(async (p: SavePayload, v: number) => saved(p, v));
    const { ctl, edit } = setup(send);
    edit("unsent");
    expect(ctl.flush()).toBeUndefined();
    expect(ctl.takeDraft()).toBeNull();
  });
});

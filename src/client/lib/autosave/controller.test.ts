import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AutosaveController, type Draft, type RemoteVersion, retryDelay, type SaveOutcome, type SavePayload } from "./controller";

function setup(
  opts: {
    version?: number;
    draft?: Draft;
    keepalive?: (payload: SavePayload, baseVersion: number) => Promise<{ version: number } | null>;
    takeTheirs?: (current: RemoteVersion) => SavePayload;
  } = {},
) {
  let current: SavePayload = { title: "T", content: '{"a":1}' };
  const sends: { payload: SavePayload; baseVersion: number }[] = [];
  const outcomes: (SaveOutcome | Promise<SaveOutcome>)[] = [];
  const drafts: (Draft | null)[] = opts.draft ? [opts.draft] : [];
  let snapshots = 0;
  const ctl = new AutosaveController(
    {
      snapshot: () => {
        snapshots++;
        return current;
      },
      send: async (payload, baseVersion) => {
        sends.push({ payload, baseVersion });
        return outcomes.shift() ?? { kind: "ok", version: baseVersion + 1 };
      },
      drafts: {
        load: () => drafts.at(-1) ?? null,
        store: (d) => drafts.push(d),
        clear: () => drafts.push(null),
      },
      sendKeepalive: opts.keepalive,
      takeTheirs: opts.takeTheirs,
      now: () => 1000,
    },
    { stored: current, version: opts.version ?? 1 },
  );
  return {
    ctl,
    sends,
    outcomes,
    drafts,
    snapshots: () => snapshots,
    edit(p: Partial<SavePayload>) {
      current = { ...current, ...p };
      ctl.change();
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("autosave state machine", () => {
  it("saves 2 s after the last change, once, with the base version", async () => {
    const t = setup();
    t.edit({ content: '{"a":2}' });
    expect(t.ctl.getState().status).toBe("unsaved");
    await vi.advanceTimersByTimeAsync(1500);
    t.edit({ content: '{"a":3}' });
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.sends).toHaveLength(0);
    expect(t.snapshots()).toBe(0); // nothing serialized while typing
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sends).toEqual([{ payload: { title: "T", content: '{"a":3}' }, baseVersion: 1 }]);
    expect(t.snapshots()).toBe(1);
    expect(t.ctl.getState()).toMatchObject({ status: "saved", version: 2, unsaved: false });
    // The copy was kept on the device during the save and dropped after it.
    expect(t.drafts.at(-2)).toMatchObject({ content: '{"a":3}', baseVersion: 1 });
    expect(t.drafts.at(-1)).toBeNull();
  });

  it("typing without a 2 s pause is saved 10 s after its first unsaved change, again and again", async () => {
    const t = setup();
    // Key k at k × 300 ms, for 25 s: the 2 s delay alone would never fire.
    let key = 0;
    t.edit({ content: "typed 0" });
    const keys = setInterval(() => {
      t.edit({ content: `typed ${++key}` });
      if (key === 83) clearInterval(keys);
    }, 300);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(t.sends).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    // Keys at 0 … 9.9 s, one snapshot, the first change's window closed.
    expect(t.sends).toEqual([{ payload: { title: "T", content: "typed 33" }, baseVersion: 1 }]);
    // The next window opens with the next key (10.2 s), not with the save.
    await vi.advanceTimersByTimeAsync(10_199);
    expect(t.sends).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sends).toHaveLength(2);
    expect(t.sends[1]).toEqual({ payload: { title: "T", content: "typed 67" }, baseVersion: 2 });
    // Typing stops at 24.9 s (key 83): the usual 2 s later saves the rest.
    await vi.advanceTimersByTimeAsync(24_900 - 20_200 + 1_999);
    expect(t.sends).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sends).toHaveLength(3);
    expect(t.sends[2]?.payload.content).toBe("typed 83");
    expect(t.ctl.getState()).toMatchObject({ status: "saved", version: 4, unsaved: false });
    // Saved and quiet: no window is left running.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(t.sends).toHaveLength(3);
  });

  it("does not send when the text equals the stored document (typed and undone)", async () => {
    const t = setup();
    t.edit({ title: "Tx" });
    t.edit({ title: "T" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.sends).toHaveLength(0);
    expect(t.ctl.getState().status).toBe("saved");
  });

  it("shows Saving... while in flight and saves edits made during the flight afterwards", async () => {
    const t = setup();
    let release!: (o: SaveOutcome) => void;
    t.outcomes.push(new Promise<SaveOutcome>((r) => (release = r)));
    t.edit({ content: "1" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.ctl.getState().status).toBe("saving");
    t.edit({ content: "2" });
    await vi.advanceTimersByTimeAsync(2000); // timer fires while the first save is in flight
    expect(t.sends).toHaveLength(1);
    release({ kind: "ok", version: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(t.sends).toHaveLength(2);
    expect(t.sends[1]).toEqual({ payload: { title: "T", content: "2" }, baseVersion: 2 });
    expect(t.ctl.getState()).toMatchObject({ status: "saved", version: 3 });
  });

  it("retries a failed save with back-off and keeps the copy until it succeeds", async () => {
    const t = setup();
    t.outcomes.push({ kind: "failed" }, { kind: "failed" });
    t.edit({ content: "x" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.ctl.getState().status).toBe("error");
    expect(t.ctl.hasUnsavedEdits()).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(t.sends).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sends).toHaveLength(2); // after 1 s
    await vi.advanceTimersByTimeAsync(1999);
    expect(t.sends).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(t.sends).toHaveLength(3); // after 2 more s
    expect(t.ctl.getState()).toMatchObject({ status: "saved", version: 2 });
    expect(t.drafts.at(-1)).toBeNull();
    expect(retryDelay(10)).toBe(30_000);
  });

  it("offline: says so, keeps the copy, and saves when told the network is back", async () => {
    const t = setup();
    t.outcomes.push({ kind: "offline" });
    t.edit({ content: "offline text" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.ctl.getState().status).toBe("offline");
    expect(t.drafts.at(-1)).toMatchObject({ content: "offline text" });
    t.edit({ content: "offline text more" });
    expect(t.ctl.getState().status).toBe("offline");
    await t.ctl.save();
    expect(t.sends.at(-1)?.payload.content).toBe("offline text more");
    expect(t.ctl.getState().status).toBe("saved");
  });

  it("a 409 stops autosave until the user chooses; Keep mine saves on the current version", async () => {
    const t = setup();
    t.outcomes.push({ kind: "conflict", current: { title: "Theirs", content: {}, version: 5 } });
    t.edit({ content: "mine" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.ctl.getState().status).toBe("conflict");
    expect(t.ctl.getState().conflict?.version).toBe(5);
    t.edit({ content: "mine 2" });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.sends).toHaveLength(1); // nothing overwritten while the dialog is open
    await t.ctl.keepMine();
    expect(t.sends[1]).toEqual({ payload: { title: "T", content: "mine 2" }, baseVersion: 5 });
    expect(t.ctl.getState()).toMatchObject({ status: "saved", version: 6, conflict: null });
  });

  it("Take theirs / an incoming update adopts the server version without sending", async () => {
    const t = setup();
    t.outcomes.push({ kind: "conflict", current: { title: "Theirs", content: {}, version: 5 } });
    t.edit({ content: "mine" });
    await vi.advanceTimersByTimeAsync(2000);
    t.edit({ title: "Theirs", content: "{}" }); // editor replaced with theirs
    t.ctl.acceptRemote({ title: "Theirs", content: {}, version: 5 }, { title: "Theirs", content: "{}" });
    expect(t.ctl.getState()).toMatchObject({ status: "saved", version: 5, unsaved: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.sends).toHaveLength(1);
  });

  it("autoSave off: only an explicit save sends", async () => {
    const t = setup();
    t.ctl.setAutoSave(false);
    t.edit({ content: "manual" });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(t.sends).toHaveLength(0);
    expect(t.ctl.getState().status).toBe("unsaved");
    await t.ctl.save();
    expect(t.sends).toHaveLength(1);
  });

  it("on unload returns the payload to flush and stores the copy; nothing when saved", async () => {
    const t = setup({ version: 3 });
    expect(t.ctl.flushForUnload()).toBeNull();
    t.edit({ content: "last words" });
    const flush = t.ctl.flushForUnload();
    expect(flush).toEqual({ payload: { title: "T", content: "last words" }, baseVersion: 3, seq: 1 });
    expect(t.drafts.at(-1)).toMatchObject({ content: "last words", baseVersion: 3 });
    // The user stayed on the page and the flush landed: no self-conflict on the next save.
    t.ctl.confirmSaved(flush!.payload, flush!.seq, 4);
    expect(t.ctl.getState()).toMatchObject({ status: "saved", version: 4, unsaved: false });
    await vi.advanceTimersByTimeAsync(5000);
    expect(t.sends).toHaveLength(0);
  });

  it("a restored draft saves against its own base version", async () => {
    const t = setup({ version: 7 });
    t.ctl.restore(4);
    await vi.advanceTimersByTimeAsync(0);
    t.edit({ content: "restored" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.sends[0]?.baseVersion).toBe(4);
  });

  it("offers a kept copy only when it differs from the stored document", () => {
    const differs = setup({ draft: { title: "T", content: "kept", baseVersion: 1, savedAt: 1 } });
    expect(differs.ctl.takeDraft()).toMatchObject({ content: "kept" });
    const same = setup({ draft: { title: "T", content: '{"a":1}', baseVersion: 1, savedAt: 1 } });
    expect(same.ctl.takeDraft()).toBeNull();
    expect(same.drafts.at(-1)).toBeNull();
  });

  it("leaving sends each edit once with keepalive, then drops the kept copy even after closing", async () => {
    const keepalive = vi.fn(async (_p: SavePayload, v: number) => ({ version: v + 1 }));
    const t = setup({ version: 3, keepalive });
    expect(t.ctl.flush()).toBeUndefined();
    t.edit({ content: "last words" });
    const first = t.ctl.flush();
    expect(t.ctl.flush()).toBeUndefined(); // pagehide after beforeunload: already on its way
    t.ctl.dispose();
    await first;
    expect(keepalive).toHaveBeenCalledExactlyOnceWith({ title: "T", content: "last words" }, 3);
    expect(t.drafts.at(-1)).toBeNull();
  });

  it("leaving with timed saving off keeps the copy on the device and sends nothing", () => {
    const keepalive = vi.fn(async () => ({ version: 2 }));
    const t = setup({ keepalive });
    t.ctl.setAutoSave(false);
    t.edit({ content: "unsent" });
    expect(t.ctl.flush()).toBeUndefined();
    expect(keepalive).not.toHaveBeenCalled();
    expect(t.drafts.at(-1)).toMatchObject({ content: "unsent" });
  });

  it("configured to take theirs, a 409 shows the server's text and bases the next save on it", async () => {
    const shown: RemoteVersion[] = [];
    const t = setup({
      takeTheirs: (current) => {
        shown.push(current);
        return { title: current.title, content: String(current.content) };
      },
    });
    t.outcomes.push({ kind: "conflict", current: { title: "T", content: "theirs", version: 5 } });
    t.edit({ content: "mine" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(shown).toHaveLength(1);
    expect(t.ctl.getState()).toMatchObject({ status: "saved", version: 5, conflict: null, unsaved: false });
    t.edit({ content: "next" });
    await vi.advanceTimersByTimeAsync(2000);
    expect(t.sends.at(-1)).toEqual({ payload: { title: "T", content: "next" }, baseVersion: 5 });
  });
});

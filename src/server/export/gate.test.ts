import { describe, expect, it } from "vitest";
import { createExportGate } from "./gate.js";

describe("export gate", () => {
  it("runs at most maxRunning jobs at once, queues the next ones and refuses past the queue", async () => {
    const gate = createExportGate(1, 1);
    let release!: () => void;
    const first = gate(() => new Promise<string>((r) => (release = () => r("first"))));
    let secondStarted = false;
    const second = gate(async () => {
      secondStarted = true;
      return "second";
    });
    await expect(gate(async () => "third")).rejects.toMatchObject({ status: 429 });
    await Promise.resolve();
    expect(secondStarted).toBe(false);
    release();
    expect(await first).toBe("first");
    expect(await second).toBe("second");
    expect(await gate(async () => "again")).toBe("again");
  });
});

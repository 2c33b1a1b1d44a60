import { describe, expect, it } from "vitest";
import { ApiError } from "../../lib/api";
import { BUSY_RETRIES, retryWhenBusy } from "./retry-busy";

const busy = (retryAfter?: unknown) => new ApiError(429, "busy", { error: "rate_limited", message: "Imports are busy", retryAfter });

describe("retryWhenBusy", () => {
  it("sends again after the Retry-After the server gave, capped at 10 s, until it is answered", async () => {
    const answers: (Error | string)[] = [busy(5), busy(60), "done"];
    const waits: number[] = [];
    const result = await retryWhenBusy(
      async () => {
        const next = answers.shift()!;
        if (next instanceof Error) throw next;
        return next;
      },
      async (s) => void waits.push(s),
    );
    expect(result).toBe("done");
    expect(waits).toEqual([5, 10]);
  });

  it("gives up after three retries with the busy answer, and never retries other errors", async () => {
    let sent = 0;
    const waits: number[] = [];
    await expect(retryWhenBusy(async () => { sent++; throw busy(); }, async (s) => void waits.push(s))).rejects.toMatchObject({ status: 429 });
    expect(sent).toBe(BUSY_RETRIES + 1);
    expect(waits).toEqual([2, 2, 2]);

    sent = 0;
    await expect(retryWhenBusy(async () => { sent++; throw new ApiError(415, "no", { message: "not text" }); }, async () => {})).rejects.toMatchObject({ status: 415 });
    expect(sent).toBe(1);
  });
});

import { describe, expect, it, vi } from "vitest";
import { type Checker, createServiceChecker, SERVICE_RETRY_MS } from "./checker";
import type { Problem } from "./types";

const problem = (rule: string): Problem => ({ start: 0, end: 3, rule, kind: "Spelling", message: "m", original: "teh", candidates: ["the"] });
const local = (): Checker & { check: ReturnType<typeof vi.fn> } => ({ check: vi.fn(async (texts: string[]) => texts.map(() => [problem("Local")])), dispose: vi.fn() });

describe("createServiceChecker", () => {
  it("checks in the browser when the server has no grammar service, without asking it", async () => {
    const own = local();
    const post = vi.fn();
    const checker = createServiceChecker(own, async () => false, post);
    expect(await checker.check(["teh"])).toEqual([[problem("Local")]]);
    expect(post).not.toHaveBeenCalled();
  });

  it("uses the service when connected, falls back to the browser when it fails, and asks it again a minute later", async () => {
    const own = local();
    let clock = 0;
    const post = vi.fn(async (texts: string[]) => texts.map(() => [problem("LanguageToolX")]));
    const decide = vi.fn(async () => true);
    const checker = createServiceChecker(own, decide, post, () => clock);
    expect(await checker.check(["teh"])).toEqual([[problem("LanguageToolX")]]);

    post.mockRejectedValueOnce(new Error("502"));
    expect(await checker.check(["teh"])).toEqual([[problem("Local")]]);
    clock += SERVICE_RETRY_MS - 1;
    expect(await checker.check(["teh"])).toEqual([[problem("Local")]]);
    expect(post).toHaveBeenCalledTimes(2);
    clock += 1;
    expect(await checker.check(["teh"])).toEqual([[problem("LanguageToolX")]]);
    // Whether to use the service is asked once.
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it("checks in the browser when the capabilities cannot be read", async () => {
    const own = local();
    const checker = createServiceChecker(own, async () => Promise.reject(new Error("offline")), vi.fn());
    expect(await checker.check(["teh"])).toEqual([[problem("Local")]]);
  });
});

// A whole document sent to the AI: a text over the per-request cap gets a clear 413 the
// editor shows (the editor itself sends at most AI_MAX_TEXT_CHARS of a long document), and
// even a body far over every limit is refused with a 4xx, never a 500.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AI_MAX_TEXT_CHARS } from "../../shared/contracts/ai.js";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";

describe("whole-document AI requests and the size limits", () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    user = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => t.close());

  const chapter = (chars: number) => "The river ran past the old mill where we used to sit. ".repeat(Math.ceil(chars / 54)).slice(0, chars);
  const post = (url: string, text: string) => request(t, "POST", url, { user, payload: { text } });

  it("summarizes, outlines and measures a document of exactly the cap", async () => {
    const text = chapter(AI_MAX_TEXT_CHARS);
    for (const url of ["/api/ai/summarize", "/api/ai/outline", "/api/ai/analyze", "/api/ai/summarize/stream"]) {
      const res = await post(url, text);
      expect(res.statusCode, url).toBe(200);
    }
  });

  it("refuses a longer text with 413 and a message saying the limit", async () => {
    for (const url of ["/api/ai/summarize", "/api/ai/summarize/stream", "/api/ai/outline", "/api/ai/analyze", "/api/ai/complete/stream"]) {
      const res = await post(url, chapter(AI_MAX_TEXT_CHARS + 1));
      expect(res.statusCode, url).toBe(413);
      expect(res.json().message, url).toBe("Text is too long for AI: at most 20,000 characters per request.");
    }
  });

  it("refuses a body far over every limit with a 4xx, not a 500", async () => {
    const res = await post("/api/ai/summarize/stream", chapter(3_000_000));
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(typeof res.json().message).toBe("string");
  });
});

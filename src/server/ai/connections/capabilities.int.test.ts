// GET /api/ai/capabilities: whether a model serves the user and whether ghost text is offered.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, createTestUser, request, type TestApp } from "../../test/harness.js";
import { createOpenAiTestApp, type OpenAiTestApp } from "../ai.test-util.js";

describe("AI capabilities", () => {
  let offline: TestApp;
  let upstream: OpenAiTestApp;
  beforeAll(async () => {
    offline = await createTestApp();
    upstream = await createOpenAiTestApp();
  });
  afterAll(async () => {
    await offline.close();
    await upstream.close();
  });

  it("has no model on the offline engine, whatever the plan", async () => {
    const pro = await createTestUser(offline, { plan: "professional" });
    const res = await request(offline, "GET", "/api/ai/capabilities", { user: pro });
    expect(res.json()).toMatchObject({ model: false, source: "offline", inlineCompletion: false });
  });

  it("offers inline completion with the server's model on the Professional plan only", async () => {
    const caps = async (plan: "gratis" | "creator" | "professional") =>
      (await request(upstream, "GET", "/api/ai/capabilities", { user: await createTestUser(upstream, { plan }) })).json();
    expect(await caps("professional")).toEqual({
      model: true,
      source: "server",
      provider: "custom",
      modelName: "stub-model",
      inlineCompletion: true,
      grammarService: "built-in",
    });
    expect(await caps("creator")).toMatchObject({ model: true, inlineCompletion: false });
    expect(await caps("gratis")).toMatchObject({ model: true, inlineCompletion: false });
  });
});

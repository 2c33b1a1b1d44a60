// Actions the offline engine does not do: the 409 model_required answer and a known lack of a
// model both show the server's message with a "Connect a model" button that opens the
// settings at the model connection.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AI_CAPABILITIES_QUERY_KEY, OFFLINE_CAPABILITIES } from "../../lib/ai-capabilities-query";
import { ApiError } from "../../lib/api";
import { queryClient } from "../../lib/query-client";
import type { ToastInput } from "../../lib/toast";
import { modelAvailable, toastAiError } from "./errors";

const shown: ToastInput[] = [];
vi.mock("../../lib/toast", () => ({ toast: (input: ToastInput) => shown.push(input) }));
vi.mock("../../lib/auth-client", () => ({ getAccessToken: async () => null }));

const opened: unknown[] = [];
beforeEach(() => {
  shown.length = 0;
  opened.length = 0;
  const target = new EventTarget();
  target.addEventListener("draftsmith:open-settings", (e) => opened.push((e as CustomEvent).detail));
  vi.stubGlobal("window", target);
});
afterEach(() => {
  vi.unstubAllGlobals();
  queryClient.clear();
});

describe("model_required", () => {
  it("shows the server's message with a link to connect a model", () => {
    const message = "Continue writing needs a language model. Connect one in Settings.";
    toastAiError(new ApiError(409, "Conflict", { error: "model_required", message }), "Failed to complete text.");
    expect(shown).toHaveLength(1);
    expect(shown[0]).toMatchObject({ description: message, action: { label: "Connect a model" } });
    shown[0]!.action!.onClick();
    expect(opened).toEqual([{ section: "ai-connection" }]);
  });

  it("stops a generative action before any request when the user has no model, and lets it go with one", () => {
    expect(modelAvailable("Continue writing")).toBe(true); // not known yet: the server decides
    queryClient.setQueryData(AI_CAPABILITIES_QUERY_KEY, OFFLINE_CAPABILITIES);
    expect(modelAvailable("Continue writing")).toBe(false);
    expect(shown[0]).toMatchObject({ description: "Continue writing needs a language model. Connect one in Settings.", action: { label: "Connect a model" } });
    queryClient.setQueryData(AI_CAPABILITIES_QUERY_KEY, { ...OFFLINE_CAPABILITIES, model: true, source: "user" });
    expect(modelAvailable("Continue writing")).toBe(true);
    expect(shown).toHaveLength(1);
  });
});

describe("the model server's failures", () => {
  it("are told in the server's words, not hidden behind the action's generic message", () => {
    const busy = "The AI service is busy. Please try again in 20 seconds.";
    toastAiError(new ApiError(503, "Service Unavailable", { error: "ai_busy", message: busy }), "Improve failed", "Failed to improve text. Please try again.");
    expect(shown[0]).toMatchObject({ title: "Improve failed", description: busy });
    // Anything else keeps the action's own wording.
    toastAiError(new ApiError(500, "Internal Server Error", { error: "internal_error", message: "Internal error" }), "Improve failed", "Failed to improve text. Please try again.");
    expect(shown[1]).toMatchObject({ description: "Failed to improve text. Please try again." });
  });
});

describe("upgrade_required", () => {
  it("says the plan the server names, with a way to the plans", () => {
    const message = "Summarize needs the Professional plan.";
    toastAiError(new ApiError(402, "Payment Required", { error: "upgrade_required", feature: "summarize", message, requiredPlan: "professional" }), "Failed");
    expect(shown[0]).toMatchObject({ title: "Upgrade Required", description: "Summarize needs the Professional plan. Upgrade to use it.", action: { label: "See plans" } });
    shown[0]!.action!.onClick();
    expect(opened).toEqual([{ section: "subscription" }]);
  });
});

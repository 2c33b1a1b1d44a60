import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_NOTIFICATIONS, DEFAULT_PREFERENCES } from "../../shared/contracts/settings.js";
import { createTestApp, createTestUser, request, type TestApp } from "../test/harness.js";

describe("settings API", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it("needs a signed-in user", async () => {
    for (const url of ["/api/settings/preferences", "/api/settings/notifications"]) {
      const res = await request(t, "GET", url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: "unauthorized", message: "User not authenticated" });
    }
  });

  it("returns the spec's defaults before anything is saved", async () => {
    const u = await createTestUser(t);
    const prefs = await request(t, "GET", "/api/settings/preferences", { user: u });
    expect(prefs.json()).toEqual(DEFAULT_PREFERENCES);
    expect(DEFAULT_PREFERENCES).toEqual({
      theme: "system",
      fontSize: "medium",
      fontFamily: "inter",
      autoSave: true,
      showWordCount: true,
      focusModeDefault: false,
      inlineCompletion: true,
      grammarCheck: true,
    });
    const notes = await request(t, "GET", "/api/settings/notifications", { user: u });
    expect(notes.json()).toEqual({ marketing: true, updates: true, security: true, comments: true });
    expect(DEFAULT_NOTIFICATIONS).toEqual(notes.json());
  });

  it("merges partial saves and keeps them", async () => {
    const u = await createTestUser(t);
    const put = (payload: object) =>
      request(t, "PUT", "/api/settings/preferences", { user: u, payload });
    expect((await put({ theme: "dark" })).json()).toMatchObject({ theme: "dark", fontSize: "medium" });
    expect((await put({ fontSize: "large", autoSave: false })).json()).toEqual({
      ...DEFAULT_PREFERENCES,
      theme: "dark",
      fontSize: "large",
      autoSave: false,
    });
    const again = await request(t, "GET", "/api/settings/preferences", { user: u });
    expect(again.json()).toMatchObject({ theme: "dark", fontSize: "large", autoSave: false, fontFamily: "inter" });

    const n = await request(t, "PUT", "/api/settings/notifications", { user: u, payload: { marketing: false } });
    expect(n.json()).toEqual({ marketing: false, updates: true, security: true, comments: true });
    // Saving notifications leaves preferences alone and vice versa.
    const p = await request(t, "GET", "/api/settings/preferences", { user: u });
    expect(p.json()).toMatchObject({ theme: "dark" });
  });

  it("refuses an unknown theme, font, size or field with a 400", async () => {
    const u = await createTestUser(t);
    for (const payload of [
      { theme: "purple" },
      { fontFamily: "comic-sans" },
      { fontSize: "huge" },
      { autoSave: "yes" },
      { colour: "red" },
    ]) {
      const res = await request(t, "PUT", "/api/settings/preferences", { user: u, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ error: "validation_failed" });
    }
    const bad = await request(t, "PUT", "/api/settings/notifications", { user: u, payload: { security: "off" } });
    expect(bad.statusCode).toBe(400);
    const prefs = await request(t, "GET", "/api/settings/preferences", { user: u });
    expect(prefs.json()).toEqual(DEFAULT_PREFERENCES);
  });

  it("keeps each user's settings to themselves", async () => {
    const a = await createTestUser(t);
    const b = await createTestUser(t);
    await request(t, "PUT", "/api/settings/preferences", { user: a, payload: { theme: "dark" } });
    await request(t, "PUT", "/api/settings/notifications", { user: a, payload: { updates: false } });
    const bPrefs = await request(t, "GET", "/api/settings/preferences", { user: b });
    expect(bPrefs.json().theme).toBe("system");
    const bNotes = await request(t, "GET", "/api/settings/notifications", { user: b });
    expect(bNotes.json().updates).toBe(true);
    // B's save does not touch A's row.
    await request(t, "PUT", "/api/settings/preferences", { user: b, payload: { theme: "light" } });
    const aPrefs = await request(t, "GET", "/api/settings/preferences", { user: a });
    expect(aPrefs.json().theme).toBe("dark");
  });
});

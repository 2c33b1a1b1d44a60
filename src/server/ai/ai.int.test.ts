// Every /api/ai endpoint through the app with the built-in offline engine: shapes, gating
// per plan, size caps, suggestions ownership and the SSE variants.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { documents, subscriptions } from "../db/schema.js";
import { createTestApp, createTestUser, request, type TestApp, type TestUser } from "../test/harness.js";
import { inviteAndAccept } from "../members/members.test-util.js";
import { sseEvents } from "./ai.test-util.js";

const post = (t: TestApp, url: string, user: TestUser | null, payload: unknown) => request(t, "POST", url, { user, payload });

describe("AI endpoints (offline engine)", () => {
  let t: TestApp;
  let gratis: TestUser;
  let creator: TestUser;
  let pro: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    gratis = await createTestUser(t);
    creator = await createTestUser(t, { plan: "creator" });
    pro = await createTestUser(t, { plan: "professional" });
  });
  afterAll(async () => t.close());

  it("reports the engine on /api/ai/health", async () => {
    const res = await request(t, "GET", "/api/ai/health");
    expect(res.json()).toEqual({ status: "ok", openai: false, deepseek: false, engine: "offline", provider: "offline", model: expect.any(String) });
  });

  it("needs a session for every AI call", async () => {
    for (const url of ["/api/ai/improve", "/api/ai/complete", "/api/ai/grammar", "/api/ai/analyze", "/api/ai/suggestions"]) {
      const res = await post(t, url, null, { text: "Hello there." });
      expect(res.statusCode, url).toBe(401);
      expect(res.json()).toMatchObject({ error: "unauthorized", message: "User not authenticated" });
    }
  });

  it("refuses paid features to Gratis users with 402 naming the plan they need (plans-gating.int.test.ts checks every action)", async () => {
    for (const [url, body, message] of [
      ["/api/ai/complete", { text: "Hi." }, "Continue writing needs the Creator plan."],
      ["/api/ai/improve", { text: "Hi." }, "Improve needs the Creator plan."],
      ["/api/ai/rewrite", { text: "Hi.", style: "casual" }, "Rewrite needs the Creator plan."],
      ["/api/ai/outline", { text: "Hi." }, "Outline needs the Creator plan."],
    ] as const) {
      const res = await post(t, url, gratis, body);
      expect(res.statusCode, url).toBe(402);
      expect(res.json()).toMatchObject({ error: "upgrade_required", message, requiredPlan: "creator", requiredPlanName: "Creator" });
    }
  });

  it("keeps summarize for Professional, also when asked through complete", async () => {
    const text = "Cats sleep a lot. Dogs like walks. Birds sing in the morning.";
    for (const [url, body] of [
      ["/api/ai/summarize", { text }],
      ["/api/ai/complete", { text, task: "summary" }],
      ["/api/ai/summarize/stream", { text }],
    ] as const) {
      const res = await post(t, url, creator, body);
      expect(res.statusCode, url).toBe(402);
      expect(res.json()).toMatchObject({ error: "upgrade_required", feature: "summarize", message: "Summarize needs the Professional plan.", requiredPlan: "professional" });
    }
    const ok = await post(t, "/api/ai/summarize", pro, { text });
    expect(ok.statusCode).toBe(200);
    const summary = ok.json().summary as string;
    expect(summary.length).toBeGreaterThan(0);
    for (const sentence of summary.split(/(?<=\.)\s+/)) expect(text).toContain(sentence);
    const viaComplete = await post(t, "/api/ai/complete", pro, { text, task: "summary" });
    expect(viaComplete.json().completion).toBe(summary);
  });

  it("treats an expired subscription as Gratis", async () => {
    const lapsing = await createTestUser(t, { plan: "creator" });
    await t.ctx.db
      .update(subscriptions)
      .set({ currentPeriodEnd: new Date(t.clock.now.getTime() - 1000) })
      .where(eq(subscriptions.userId, lapsing.id));
    expect((await post(t, "/api/ai/improve", lapsing, { text: "Hi." })).statusCode).toBe(402);
  });

  // The first grammar call in this file starts the checker's process: slow on a busy machine.
  it("fixes grammar with a list of changes", { timeout: 120_000 }, async () => {
    const res = await post(t, "/api/ai/grammar", creator, { text: "This is an test of the the grammer checker." });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.correctedText).toBe("This is a test of the grammar checker.");
    expect(body.changes.map((c: { original: string }) => c.original)).toEqual(["an", "the the", "grammer"]);
    expect(body.result).toEqual({ correctedText: body.correctedText, corrections: body.changes });
    // The built-in engine costs nothing: the month's allowance is untouched (metering.int.test.ts).
    expect(body).toMatchObject({ engine: "offline", usage: { tokens: 0, limit: 50_000 } });
    expect(body.usage.remaining).toBe(50_000 - body.usage.used);
  });

  it("improves and outlines; continuing the text needs a language model (409 with the way to connect one)", async () => {
    const improve = await post(t, "/api/ai/improve", creator, { text: "We need to utilize the tool in order to basically fix grammer." });
    expect(improve.json().improvement).toBe("We need to use the tool to fix grammar.");
    const complete = await post(t, "/api/ai/complete", creator, {
      text: "Solar panels are cheap now. Solar panels power many homes. Batteries store solar energy.",
    });
    expect(complete.statusCode).toBe(409);
    expect(complete.json()).toEqual({ error: "model_required", message: "Continue writing needs a language model. Connect one in Settings." });
    const outline = await post(t, "/api/ai/complete", creator, { text: "# Plan\nWe start.\n## Build\nWe build.\n## Ship\nWe ship.", task: "outline" });
    expect(outline.json().completion).toBe("- Plan\n  - Build\n  - Ship");
  });

  it("answers 409 model_required for free-form rewrites, expanding and described tones, and spends nothing", async () => {
    const cases: [string, Record<string, unknown>, string][] = [
      ["/api/ai/rewrite", { text: "We ship soon.", style: "clarity", prompt: "Make it rhyme" }, "Rewriting with your own instructions"],
      ["/api/ai/rewrite", { text: "We ship soon.", style: "expand" }, "Expand"],
      ["/api/ai/tone", { text: "We ship soon.", tone: "friendly", description: "like a pirate" }, "A tone you describe"],
      ["/api/ai/complete/stream", { text: "We ship soon." }, "Continue writing"],
    ];
    for (const [url, payload, action] of cases) {
      const res = await post(t, url, creator, payload);
      expect(res.statusCode, url).toBe(409);
      expect(res.json(), url).toEqual({ error: "model_required", message: `${action} needs a language model. Connect one in Settings.` });
    }
  });

  it("proposes a rewrite or tone only when it changes something, and never makes it worse", async () => {
    // The possessive typed as "it's" is not written out as "it is challenges".
    const pro = await post(t, "/api/ai/rewrite", creator, { text: "The team knows it's challenges. We don't hide them.", style: "professional" });
    expect(pro.json().rewrittenText).toBe("The team knows it's challenges. We do not hide them.");
    // Nothing for a friendly tone to change: the text comes back as it was.
    const text = "Hi team, thanks for the update.";
    expect((await post(t, "/api/ai/tone", creator, { text, tone: "friendly" })).json().adjustedText).toBe(text);
    const friendly = await post(t, "/api/ai/tone", creator, { text: "We require your assistance regarding the order.", tone: "friendly" });
    expect(friendly.json().adjustedText).toBe("We need your help about the order.");
  });

  it("rewrites in each style and tone, and rejects unknown ones", async () => {
    const casual = await post(t, "/api/ai/rewrite", creator, { text: "We do not know, however we will assist you.", style: "casual" });
    expect(casual.json()).toMatchObject({ rewrittenText: "We don't know, but we'll help you.", style: "casual", engine: "offline" });
    const bad = await post(t, "/api/ai/rewrite", creator, { text: "Hi.", style: "pirate" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("Invalid rewriting style");
    const tone = await post(t, "/api/ai/tone", creator, { text: "We can't ship it.", tone: "professional" });
    expect(tone.json()).toMatchObject({ adjustedText: "We cannot ship it.", tone: "professional" });
    const badTone = await post(t, "/api/ai/tone", creator, { text: "Hi.", tone: "sarcastic" });
    expect(badTone.statusCode).toBe(400);
    expect(badTone.json().message).toBe("Invalid tone option");
  });

  it("returns distinct alternatives (rephrase and alternatives), fewer rather than a worse one", async () => {
    for (const url of ["/api/ai/alternatives", "/api/ai/rephrase"]) {
      const res = await post(t, url, creator, { text: "We cancelled the trip because the weather was bad.", count: 3 });
      const alts = res.json().alternatives as string[];
      // "…the weather was unfavourable" is left out: the checker flags its spelling.
      expect(alts).toEqual(["Because the weather was bad, we cancelled the trip.", "We cancelled the trip because the weather was grim."]);
    }
  });

  it("analyzes readability for any signed-in user without spending tokens", async () => {
    const res = await post(t, "/api/ai/analyze", gratis, { text: "The report was written by the team. It is short." });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      engine: "offline",
      wordCount: 10,
      estimatedReadingTime: 1,
      readability: { sentenceCount: 2, passiveSentences: ["The report was written by the team."] },
      analysis: { sentiment: "neutral" },
    });
    expect(res.json().readabilityScore).toBeGreaterThanOrEqual(1);
  });

  it("caps input size with 413", async () => {
    const big = "word ".repeat(4001);
    for (const url of ["/api/ai/improve", "/api/ai/grammar", "/api/ai/analyze", "/api/ai/improve/stream"]) {
      const res = await post(t, url, creator, { text: big });
      expect(res.statusCode, url).toBe(413);
      expect(res.json().error).toBe("payload_too_large");
    }
    const ctx = await post(t, "/api/ai/complete", creator, { text: "Hi.", context: big });
    expect(ctx.statusCode).toBe(413);
  });

  it("validates bodies with 400", async () => {
    const res = await post(t, "/api/ai/improve", creator, { text: "   " });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe("validation_failed");
  });

  it("streams completions, improvements and rewrites as server-sent events", async () => {
    const res = await post(t, "/api/ai/rewrite/stream", creator, { text: "We do not know, however we will assist you.", style: "casual" });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("text/event-stream");
    const events = sseEvents(res.body);
    const deltas = events.filter((e) => e.type === "delta");
    expect(deltas.length).toBeGreaterThan(3);
    expect(deltas.map((d) => d.text).join("")).toBe("We don't know, but we'll help you.");
    const done = events.at(-1)!;
    expect(done).toMatchObject({ type: "done", text: "We don't know, but we'll help you.", engine: "offline", usage: { limit: 50_000 } });
    for (const url of ["/api/ai/summarize/stream", "/api/ai/improve/stream"]) {
      const r = await post(t, url, pro, { text: "The garden needs water. The garden needs light." });
      expect(sseEvents(r.body).at(-1)?.type, url).toBe("done");
    }
  });

  it("stores suggestions and lets only the owner accept them", async () => {
    const [doc] = await t.ctx.db.insert(documents).values({ userId: creator.id }).returning();
    const created = await post(t, "/api/ai/suggestions", creator, {
      documentId: doc!.id,
      originalText: "teh cat",
      suggestedText: "the cat",
      type: "grammar",
    });
    expect(created.statusCode).toBe(201);
    const s = created.json();
    expect(s).toMatchObject({ id: expect.any(String), documentId: doc!.id, suggestedText: "the cat", type: "grammar", accepted: null });

    const other = await request(t, "PUT", `/api/ai/suggestions/${s.id}`, { user: pro, payload: { accepted: true } });
    expect(other.statusCode).toBe(404);
    const mine = await request(t, "PUT", `/api/ai/suggestions/${s.id}`, { user: creator, payload: { accepted: true } });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().accepted).toBe(true);
    const junk = await request(t, "PUT", "/api/ai/suggestions/not-a-uuid", { user: creator, payload: { accepted: false } });
    expect(junk.statusCode).toBe(404);

    // Another user's document cannot be referenced.
    const foreign = await post(t, "/api/ai/suggestions", pro, { documentId: doc!.id, originalText: "a", suggestedText: "b" });
    expect(foreign.statusCode).toBe(404);

    const rewriting = await post(t, "/api/ai/suggestions", creator, { text: "We cancelled the trip because the weather was bad.", type: "rewriting" });
    expect(rewriting.statusCode).toBe(200);
    expect(rewriting.json().suggestions[0]).toEqual({ suggestion: expect.any(String), type: "rewriting" });
  });
  it("records a decision once, whoever makes it: the author after a reload or an editor of the document", async () => {
    const [doc] = await t.ctx.db.insert(documents).values({ userId: pro.id }).returning();
    const editor = await createTestUser(t);
    const viewer = await createTestUser(t);
    await inviteAndAccept(t, pro, doc!.id, editor, "editor");
    await inviteAndAccept(t, pro, doc!.id, viewer, "viewer");
    // The group id in the document's marks is the record's id.
    const id = crypto.randomUUID();
    const created = await post(t, "/api/ai/suggestions", pro, { id, documentId: doc!.id, originalText: "teh cat sat", suggestedText: "the cat sits", type: "grammar" });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ id, accepted: null });
    expect((await post(t, "/api/ai/suggestions", creator, { id, originalText: "a", suggestedText: "b" })).statusCode).toBe(409);

    const decide = (user: TestUser, payload: { accepted: boolean; settled?: boolean }) => request(t, "PUT", `/api/ai/suggestions/${id}`, { user, payload });
    // A viewer or a stranger cannot decide it.
    expect((await decide(viewer, { accepted: true })).statusCode).toBe(404);
    expect((await decide(creator, { accepted: true })).statusCode).toBe(404);
    // A rejection of one change with others pending leaves it pending.
    expect((await decide(pro, { accepted: false, settled: false })).json()).toMatchObject({ accepted: null });
    // The collaborator accepts one change, and later rejects the last one: accepted stays.
    expect((await decide(editor, { accepted: true, settled: false })).json()).toMatchObject({ accepted: true });
    expect((await decide(editor, { accepted: false, settled: true })).json()).toMatchObject({ accepted: true });

    // All changes rejected, across devices: settled as rejected.
    const other = crypto.randomUUID();
    await post(t, "/api/ai/suggestions", pro, { id: other, documentId: doc!.id, originalText: "a b", suggestedText: "c d" });
    await request(t, "PUT", `/api/ai/suggestions/${other}`, { user: pro, payload: { accepted: false, settled: false } });
    const last = await request(t, "PUT", `/api/ai/suggestions/${other}`, { user: editor, payload: { accepted: false, settled: true } });
    expect(last.json()).toMatchObject({ accepted: false });
  });
});

// Request logging at the default level: one JSON line per API request or WebSocket upgrade
// (method, path without the query string, status, time), none for health checks and static
// files.
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { WebSocket } from "ws";
import { buildApp } from "../app.js";
import { loadConfig } from "../config.js";
import { type Database, openDatabase } from "../db/providers/index.js";
import { createTestApp, createTestUser, type TestApp, type TestUser } from "../test/harness.js";

describe("request log", () => {
  const lines: Record<string, unknown>[] = [];
  let t: TestApp;
  let db: Database;
  let app: FastifyInstance;
  let user: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    db = await openDatabase({ databaseUrl: t.config.DATABASE_URL, dataDir: "memory://", poolSize: 3 });
    // The harness's settings, at the level a deployment logs at.
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "info",
      PUBLIC_URL: t.config.publicUrl,
      ...(t.config.DATABASE_URL ? { DATABASE_URL: t.config.DATABASE_URL } : {}),
    });
    const stream = { write: (line: string) => lines.push(JSON.parse(line)) };
    ({ app } = await buildApp({ config, database: db, now: () => t.clock.now, logger: { stream }, clientDir: "/nonexistent" }));
    await app.ready();
    user = await createTestUser({ ctx: app.ctx });
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    await t?.close();
  });

  const requestLines = () => lines.filter((l) => typeof l.path === "string" || /request/.test(String(l.msg)));

  it("writes one line for an API request and none for health checks or static files", async () => {
    lines.length = 0;
    expect((await app.inject({ method: "GET", url: "/api/health" })).statusCode).toBeLessThan(600);
    expect((await app.inject({ method: "GET", url: "/api/health/live" })).statusCode).toBe(200);
    await app.inject({ method: "GET", url: "/assets/index-abc.js" });
    const res = await app.inject({ method: "GET", url: "/api/documents?search=private-words&token=secret", headers: user.headers });
    expect(res.statusCode).toBe(200);

    // The line is written when the response finishes, which can be just after inject resolves.
    await vi.waitFor(() => expect(requestLines().some((l) => l.path === "/api/documents")).toBe(true));
    const logged = requestLines();
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatchObject({ level: 30, msg: "request", method: "GET", path: "/api/documents", statusCode: 200, reqId: res.headers["x-request-id"] });
    expect(logged[0]!.responseTimeMs).toEqual(expect.any(Number));
    const text = JSON.stringify(lines);
    expect(text).not.toContain("secret");
    expect(text).not.toContain("/api/health");
    expect(text).not.toContain("incoming request");
  });

  it("writes one line for an accepted WebSocket upgrade and one for a refused one", async () => {
    lines.length = 0;
    // A real socket: the refused upgrade's 403 finishes only on a real connection.
    const address = await app.listen({ port: 0, host: "127.0.0.1" });
    const open = (origin?: string) =>
      new Promise<WebSocket>((resolve, reject) => {
        const ws = new WebSocket(`${address.replace("http", "ws")}/realtime`, origin ? { headers: { origin } } : {});
        ws.once("open", () => resolve(ws));
        ws.once("error", reject);
      });
    const ws = await open();
    await vi.waitFor(() => expect(requestLines()).toHaveLength(1));
    expect(requestLines()[0]).toMatchObject({ msg: "request", method: "GET", path: "/realtime", statusCode: 101 });
    ws.terminate();

    await expect(open("https://evil.example")).rejects.toThrow(/403/);
    await vi.waitFor(() => expect(requestLines()).toHaveLength(2));
    expect(requestLines()[1]).toMatchObject({ msg: "request", method: "GET", path: "/realtime", statusCode: 403 });
  });
});

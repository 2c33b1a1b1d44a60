// Crash safety: save successive versions while the server is killed at random moments,
// then restart and check that every acknowledged version survived and the database opens.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../test/net.js";
import { buildServerBundle, json, type ServerProcess, signUp, startServerProcess, tempDir } from "./server-process.js";

const KILL_CYCLES = Number(process.env.FAULT_KILL_CYCLES ?? 30);
const TERM_CYCLES = 5;

function docWith(text: string) {
  return { type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text }] }] };
}

interface Ack {
  version: number;
  text: string;
}

/** Saves v1, v2, … until the server stops answering; returns what was acknowledged and what was in flight. */
async function saveUntilDown(s: ServerProcess, token: string, id: string, start: Ack, counter: { n: number }) {
  let last = start;
  let inFlight: Ack | null = null;
  for (;;) {
    counter.n++;
    const text = `saved text number ${counter.n}`;
    inFlight = { version: last.version + 1, text };
    try {
      const res = await fetch(`${s.url}/api/documents/${id}`, {
        method: "PATCH",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ content: docWith(text), version: last.version }),
      });
      // 503: the server is shutting down and refused the request, so nothing was written.
      if (res.status === 503) inFlight = null;
      if (res.status !== 200) throw new Error(`save answered ${res.status}: ${await res.text()}`);
      const body = await json(res);
      last = { version: body.version, text };
      inFlight = null;
    } catch (err) {
      // A failure is expected only because the process is going down; wait for it to exit.
      const exited = await Promise.race([s.exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
      if (!exited) throw err;
      return { last, inFlight };
    }
  }
}

async function readDoc(url: string, token: string, id: string) {
  const res = await fetch(`${url}/api/documents/${id}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  const body = await json(res);
  return { version: body.version as number, text: body.content.content[0].content[0].text as string };
}

describe("crash safety on PGlite", () => {
  const dataDir = tempDir("draftsmith-crash-");
  let port: number;
  let token = "";
  let id = "";
  let server: ServerProcess | null = null;
  const counter = { n: 0 };

  beforeAll(async () => {
    await buildServerBundle();
    port = await freePort();
    server = await startServerProcess({ DATA_DIR: dataDir }, port);
    token = await signUp(server.url, "crash@example.com");
    const created = await fetch(`${server.url}/api/documents`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: "Crash test", content: docWith("saved text number 0") }),
    });
    expect(created.status).toBe(201);
    id = (await json(created)).id;
  });
  afterAll(async () => {
    server?.proc.kill("SIGKILL");
  });

  it(`keeps every acknowledged version across ${KILL_CYCLES} SIGKILLs`, async () => {
    let state: Ack = { version: 1, text: "saved text number 0" };
    for (let cycle = 0; cycle < KILL_CYCLES; cycle++) {
      const s = server ?? (await startServerProcess({ DATA_DIR: dataDir }, port));
      server = s;
      const delay = 30 + Math.floor(Math.random() * 400);
      const killer = setTimeout(() => s.proc.kill("SIGKILL"), delay);
      const { last, inFlight } = await saveUntilDown(s, token, id, state, counter);
      clearTimeout(killer);
      await s.exited;
      server = await startServerProcess({ DATA_DIR: dataDir }, port);
      const stored = await readDoc(server.url, token, id);
      // Every acknowledged save is there; at most the one in flight also landed.
      if (stored.version === last.version) expect(stored.text).toBe(last.text);
      else {
        expect(stored.version).toBe(last.version + 1);
        expect(stored.text).toBe(inFlight?.text);
      }
      state = stored;
    }
  });

  it(`stops cleanly on SIGTERM (${TERM_CYCLES} cycles) with nothing lost`, async () => {
    let state = await readDoc(server!.url, token, id);
    for (let cycle = 0; cycle < TERM_CYCLES; cycle++) {
      const s = server ?? (await startServerProcess({ DATA_DIR: dataDir }, port));
      server = s;
      const stopper = setTimeout(() => s.proc.kill("SIGTERM"), 100 + Math.floor(Math.random() * 200));
      const { last, inFlight } = await saveUntilDown(s, token, id, state, counter);
      clearTimeout(stopper);
      const exit = await s.exited;
      expect(exit.code, `server output:\n${s.output().slice(-3000)}`).toBe(0);
      server = await startServerProcess({ DATA_DIR: dataDir }, port);
      const stored = await readDoc(server.url, token, id);
      if (stored.version === last.version) expect(stored.text).toBe(last.text);
      else expect(stored.text).toBe(inFlight?.text);
      state = stored;
    }
  });
});

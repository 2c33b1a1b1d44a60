// Acknowledged means durable, for live editing: typists type into a document on the built
// server and the server is killed with SIGKILL at a random moment. Every character whose
// change the server acknowledged to its typist (the provider had no unsynced change left)
// must be in the document when it is opened again on the restarted server. The typists are
// gone with the crash, so nothing is sent again: what survives is what the server kept.
// Once with the default set-up (one process, embedded database), and once with two
// processes on PostgreSQL and Redis, a typist on each, one or both killed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as Y from "yjs";
import { type TestEditor, openEditor, synced } from "../collab/provider.test-util.js";
import { FRAGMENT } from "../collab/ydoc.js";
import { freePort, testRedisUrl } from "../test/net.js";
import { type ThrowawayDatabase, createThrowawayDatabase, docWith, needPostgres, needRedis, postJson, randomClientIp } from "./backends.test-util.js";
import { type ServerProcess, buildServerBundle, json, signUp, startServerProcess, tempDir } from "./server-process.js";

const CYCLES = Number(process.env.FAULT_KILL_CYCLES ?? 30);
/** Cycles per set-up: a share of the crash suite's kill cycles (each cycle boots servers after a crash, several seconds). */
const cyclesOf = (share: number) => Math.max(3, Math.round(CYCLES * share));

/** A typist appending its own letters to its own paragraph, remembering what the server acknowledged. */
interface Typist {
  editor: TestEditor;
  paragraph: number;
  typed: string;
  acked: string;
}

function startTypist(editor: TestEditor, paragraph: number): Typist {
  const typist: Typist = { editor, paragraph, typed: "", acked: "" };
  // The provider counts changes sent and not yet acknowledged; at zero, everything typed so far is in.
  editor.provider.on("unsyncedChanges", ({ number }: { number: number }) => {
    if (number === 0) typist.acked = typist.typed;
  });
  return typist;
}

function typeOne(typist: Typist) {
  const letter = String.fromCharCode(97 + ((typist.typed.length * 5 + typist.paragraph * 3) % 26));
  const paragraph = typist.editor.doc.getXmlFragment(FRAGMENT).get(typist.paragraph) as Y.XmlElement;
  const run = paragraph.get(0) as Y.XmlText;
  typist.typed += letter;
  run.insert(run.length, letter);
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Types on every typist every few ms until `ms` have passed. */
async function typeFor(typists: Typist[], ms: number) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    for (const typist of typists) typeOne(typist);
    await pause(5 + Math.floor(Math.random() * 20));
  }
}

/** The paragraphs of document `id` as a new editor on `url` receives them. */
async function reopened(url: string, id: string, token: string): Promise<string[]> {
  const reader = openEditor(url, id, token);
  try {
    await synced(reader);
    return (reader.content().content ?? []).map((block) => (block.content ?? []).map((n) => n.text ?? "").join(""));
  } finally {
    reader.destroy();
  }
}

interface Tally {
  cycles: number;
  acked: number;
  lost: number;
}

/** Checks every typist's acknowledged text survived: the paragraph starts "<label>:<acked>" and holds nothing never typed. */
function check(paragraphs: string[], typists: Typist[], labels: string[], tally: Tally) {
  for (const [i, typist] of typists.entries()) {
    const prefix = `${labels[i]}:`;
    const text = (paragraphs[typist.paragraph] ?? "").slice(prefix.length);
    tally.acked += typist.acked.length;
    const kept = text.startsWith(typist.acked) ? typist.acked.length : [...typist.acked].findIndex((ch, k) => text[k] !== ch);
    tally.lost += typist.acked.length - kept;
    expect(paragraphs[typist.paragraph]?.startsWith(prefix)).toBe(true);
    expect(typist.typed.startsWith(text), "the paragraph holds only what was typed, in order").toBe(true);
    expect(text.startsWith(typist.acked), `acknowledged "${typist.acked}", found "${text}"`).toBe(true);
  }
}

describe("live editing survives SIGKILL: nothing acknowledged is lost", () => {
  beforeAll(async () => {
    await buildServerBundle();
  });

  it("one process on the embedded database", async () => {
    const dataDir = tempDir("ds-live-kill-");
    const port = await freePort();
    let server: ServerProcess = await startServerProcess({ DATA_DIR: dataDir }, port);
    const token = await signUp(server.url, `live-kill-${Date.now()}@example.com`);
    const created = await fetch(`${server.url}/api/documents`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ title: "Crash", content: { type: "doc", content: [0, 1].map((i) => ({ type: "paragraph", content: [{ type: "text", text: `${"AB"[i]}:` }] })) } }),
    });
    const id = (await json(created)).id as string;
    const tally: Tally = { cycles: 0, acked: 0, lost: 0 };
    try {
      for (let cycle = 0; cycle < cyclesOf(1 / 5); cycle++) {
        const editors = [openEditor(server.url, id, token), openEditor(server.url, id, token)];
        await Promise.all(editors.map(synced));
        const before = await reopened(server.url, id, token);
        const typists = editors.map((editor, i) => startTypist(editor, i));
        for (const [i, typist] of typists.entries()) typist.typed = typist.acked = before[i]!.slice(2);
        await typeFor(typists, 200 + Math.floor(Math.random() * 1500));
        server.proc.kill("SIGKILL");
        await server.exited;
        for (const editor of editors) editor.destroy();
        server = await startServerProcess({ DATA_DIR: dataDir }, port);
        check(await reopened(server.url, id, token), typists, ["A", "B"], tally);
        tally.cycles++;
      }
    } finally {
      server.proc.kill("SIGKILL");
      await server.exited;
    }
    console.log(`live durability (embedded database): ${tally.cycles} SIGKILL cycles, ${tally.acked} acknowledged characters checked, ${tally.lost} lost`);
    expect(tally.lost).toBe(0);
  });

  describe("two processes on PostgreSQL and Redis", async () => {
    const FILE = "live-durability.faults.test.ts";
    const ready = needPostgres(FILE) && (await needRedis(FILE));
    let database: ThrowawayDatabase;
    afterAll(async () => {
      await database?.drop();
    });

    it.runIf(ready)("a typist on each; one or both killed at a random moment", async () => {
      database = await createThrowawayDatabase("ds_live_kill");
      const env = { DATABASE_URL: database.url, REDIS_URL: testRedisUrl, JWT_SECRET: "live-kill-signing-secret-0123456789", TRUST_PROXY: "true", PUBLIC_URL: "http://draftsmith.test" };
      const ports = [await freePort(), await freePort()];
      const servers: ServerProcess[] = await Promise.all(ports.map((port) => startServerProcess(env, port)));
      const ip = randomClientIp();
      const signup = await postJson(`${servers[0]!.url}/auth/v1/signup`, { email: `live-kill-2-${Date.now()}@example.com`, password: "correct horse battery" }, ip);
      const token = (await json(signup)).access_token as string;
      const created = await postJson(`${servers[0]!.url}/api/documents`, { title: "Crash", content: docWith("A:") }, ip, token);
      const id = (await json(created)).id as string;
      // The second paragraph, for the typist on B.
      const first = openEditor(servers[0]!.url, id, token);
      await synced(first);
      first.doc.transact(() => {
        const paragraph = new Y.XmlElement("paragraph");
        paragraph.insert(0, [new Y.XmlText("B:")]);
        first.doc.getXmlFragment(FRAGMENT).insert(1, [paragraph]);
      });
      await expect.poll(() => first.provider.hasUnsyncedChanges).toBe(false);
      first.destroy();
      const tally: Tally = { cycles: 0, acked: 0, lost: 0 };
      try {
        for (let cycle = 0; cycle < cyclesOf(1 / 6); cycle++) {
          const editors = servers.map((server) => openEditor(server.url, id, token));
          await Promise.all(editors.map(synced));
          const before = await reopened(servers[1]!.url, id, token);
          const typists = editors.map((editor, i) => startTypist(editor, i));
          for (const [i, typist] of typists.entries()) typist.typed = typist.acked = before[i]!.slice(2);
          await typeFor(typists, 200 + Math.floor(Math.random() * 1500));
          const killed = cycle % 3 === 2 ? [0, 1] : [cycle % 2];
          for (const k of killed) servers[k]!.proc.kill("SIGKILL");
          await Promise.all(killed.map((k) => servers[k]!.exited));
          for (const editor of editors) editor.destroy();
          for (const k of killed) servers[k] = await startServerProcess(env, ports[k]!);
          check(await reopened(servers[cycle % 2]!.url, id, token), typists, ["A", "B"], tally);
          tally.cycles++;
        }
      } finally {
        for (const server of servers) server.proc.kill("SIGKILL");
        await Promise.all(servers.map((server) => server.exited));
      }
      console.log(`live durability (two processes, PostgreSQL + Redis): ${tally.cycles} SIGKILL cycles, ${tally.acked} acknowledged characters checked, ${tally.lost} lost`);
      expect(tally.lost).toBe(0);
    });
  });
});

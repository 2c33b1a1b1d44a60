// The fetch stack is read ahead only once the start is over and no request waits for its answer.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { preloadFetchStack } from "./fetch-stack-preload.js";

const servers: http.Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => new Promise((resolve) => s.close(resolve))));
});

/** A server whose answers wait until `answer()` is called; resolves once listening. */
async function waitingServer() {
  const pending: http.ServerResponse[] = [];
  const arrived: (() => void)[] = [];
  const server = http.createServer((_req, res) => {
    pending.push(res);
    arrived.shift()?.();
  });
  servers.push(server);
  return {
    server,
    nextRequest: () => new Promise<void>((resolve) => arrived.push(resolve)),
    answer: () => pending.shift()?.end("ok"),
    async listen() {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    },
  };
}

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("preloadFetchStack", () => {
  it("waits for the answer a request is waiting for, then loads once", async () => {
    const s = await waitingServer();
    let markStarted = () => {};
    const started = new Promise<void>((resolve) => {
      markStarted = resolve;
    });
    let loads = 0;
    preloadFetchStack(s.server, started, () => loads++);
    const url = await s.listen();
    const arrived = s.nextRequest();
    const reply = fetch(url).then((r) => r.text());
    await arrived;
    markStarted();
    await nextTurn();
    await nextTurn();
    expect(loads).toBe(0);
    s.answer();
    expect(await reply).toBe("ok");
    await expect.poll(() => loads).toBe(1);
    const again = s.nextRequest();
    const second = fetch(url).then((r) => r.text());
    await again;
    s.answer();
    await second;
    await nextTurn();
    expect(loads).toBe(1);
  });

  it("loads right after the start when nothing is waiting", async () => {
    const s = await waitingServer();
    let loads = 0;
    preloadFetchStack(s.server, Promise.resolve(), () => loads++);
    await s.listen();
    await expect.poll(() => loads).toBe(1);
  });
});

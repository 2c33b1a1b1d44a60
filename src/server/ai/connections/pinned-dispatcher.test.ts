// The agent for users' model servers connects only to public addresses, whatever a name
// resolved to when it was checked: "localhost" is a name (the lookup runs) that resolves to a
// loopback address, as a rebinding name would at the moment of the call.
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVATE_TARGET_CODE, publicOnlyDispatcher, publicOnlyLookup } from "./pinned-dispatcher.js";

describe("the public-only agent", () => {
  let server: http.Server;
  let port: number;
  beforeAll(async () => {
    server = http.createServer((_req, res) => res.end("reached"));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("refuses to connect to a name that resolves to a loopback address; a plain fetch reaches it", async () => {
    expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe("reached");
    const refused = await fetch(`http://localhost:${port}/`, { dispatcher: publicOnlyDispatcher() } as RequestInit).then(
      () => null,
      (err: Error & { cause?: { code?: string } }) => err,
    );
    expect(refused?.cause?.code).toBe(PRIVATE_TARGET_CODE);
  });

  it("passes public addresses through, in both lookup forms", async () => {
    // An IP literal resolves to itself without a DNS query.
    const one = await new Promise<[Error | null, string]>((resolve) => publicOnlyLookup("93.184.216.34", {}, (err, address) => resolve([err, address as string])));
    expect(one).toEqual([null, "93.184.216.34"]);
    const all = await new Promise<unknown>((resolve) => publicOnlyLookup("93.184.216.34", { all: true }, (_err, addresses) => resolve(addresses)));
    expect(all).toEqual([{ address: "93.184.216.34", family: 4 }]);
    const loopback = await new Promise<Error | null>((resolve) => publicOnlyLookup("127.0.0.1", {}, (err) => resolve(err)));
    expect((loopback as Error & { code?: string }).code).toBe(PRIVATE_TARGET_CODE);
  });
});

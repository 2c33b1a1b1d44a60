// The agent for users' model servers connects only to public addresses, whatever a name
// resolved to when it was checked: "localhost" is a name (the lookup runs) that resolves to a
// loopback address, as a rebinding name would at the moment of the call.
import type { LookupAddress } from "node:dns";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRIVATE_TARGET_CODE, publicOnlyDispatcher, publicOnlyLookup, publicOnlyLookupWith } from "./pinned-dispatcher.js";

/** What a lookup built on a resolver that answers `addresses` gives back: the error code, or the addresses. */
function lookUp(addresses: LookupAddress[], all: boolean): Promise<string | unknown> {
  const lookup = publicOnlyLookupWith((_host, _options, callback) => callback(null, addresses));
  return new Promise((resolve) =>
    lookup("rebinding.example", all ? { all: true } : {}, (err, address, family) =>
      resolve(err ? (err as Error & { code?: string }).code : all ? address : { address, family }),
    ),
  );
}

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
    const refused = await fetch(`http://localhost:${port}/`, { dispatcher: await publicOnlyDispatcher() } as RequestInit).then(
      () => null,
      (err: Error & { cause?: { code?: string } }) => err,
    );
    expect(refused?.cause?.code).toBe(PRIVATE_TARGET_CODE);
  });

  it("refuses a name when any address it resolves to is not public, not only the first", async () => {
    const v4 = (address: string) => ({ address, family: 4 });
    const v6 = (address: string) => ({ address, family: 6 });
    for (const addresses of [
      [v4("8.8.8.8"), v4("127.0.0.1")],
      [v4("1.1.1.1"), v4("10.0.0.5"), v4("8.8.4.4")],
      [v6("2606:4700:4700::1111"), v6("::ffff:127.0.0.1")],
      [v6("2606:4700:4700::1111"), v6("::ffff:7f00:1")],
      [v6("2606:4700:4700::1111"), v6("::7f00:1")],
      [v6("2606:4700:4700::1111"), v6("64:ff9b::a9fe:a9fe")],
      [v6("2606:4700:4700::1111"), v6("2002:7f00:1::")],
      [v6("2606:4700:4700::1111"), v6("fe80::1")],
      [v4("100.64.0.1")],
      [],
    ]) {
      expect(await lookUp(addresses, true), JSON.stringify(addresses)).toBe(PRIVATE_TARGET_CODE);
      expect(await lookUp(addresses, false), JSON.stringify(addresses)).toBe(PRIVATE_TARGET_CODE);
    }
    const fine = [v4("8.8.8.8"), v6("2606:4700:4700::1111")];
    expect(await lookUp(fine, true)).toEqual(fine);
    expect(await lookUp(fine, false)).toEqual({ address: "8.8.8.8", family: 4 });
  });

  it("refuses an IP literal of a loopback address in any spelling at connect time, where no lookup runs", async () => {
    for (const host of ["127.0.0.1", "[::ffff:127.0.0.1]", "[::ffff:7f00:1]", "[::1]"]) {
      const refused = await fetch(`http://${host}:${port}/`, { dispatcher: await publicOnlyDispatcher() } as RequestInit).then(
        () => null,
        (err: Error & { cause?: { code?: string } }) => err,
      );
      expect(refused?.cause?.code, host).toBe(PRIVATE_TARGET_CODE);
    }
    // The same literal without the agent reaches the server: the refusal is the agent's.
    expect(await (await fetch(`http://[::ffff:127.0.0.1]:${port}/`)).text()).toBe("reached");
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

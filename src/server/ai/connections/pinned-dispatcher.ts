// Closes the gap between checking a connection's address and connecting to it: a host name
// checked as public a moment ago may resolve to 127.0.0.1 when the call is made (DNS
// rebinding). Connections for a user's model go through an HTTP agent whose own name lookup
// refuses any non-public address, so the address connected to is the address checked.
// IP literals never reach the lookup; url-guard.ts refuses those before the call.
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import { Agent } from "undici";
import { isPublicAddress } from "./url-guard.js";

export const PRIVATE_TARGET_CODE = "EPRIVATETARGET";

export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { ...options, all: true }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const refused = addresses.find((a) => !isPublicAddress(a.address));
    if (refused || addresses.length === 0) {
      const error = Object.assign(new Error(`${hostname} does not resolve to a public address`), { code: PRIVATE_TARGET_CODE });
      return callback(error, "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

let agent: Agent | null = null;

/** The agent for calls to users' model servers when only public targets are allowed. */
export function publicOnlyDispatcher(): Agent {
  agent ??= new Agent({ connect: { lookup: publicOnlyLookup } });
  return agent;
}

// Closes the gap between checking a connection's address and connecting to it: a host name
// checked as public a moment ago may resolve to 127.0.0.1 when the call is made (DNS
// rebinding). Connections for a user's model go through an HTTP agent whose own name lookup
// refuses the name unless every address it resolves to is public (not only the first: the
// socket may try the others), so the address connected to is an address checked. An IP
// literal never reaches a lookup; the agent's connector checks it itself, in any spelling
// (url-guard.ts parses them all), besides url-guard.ts refusing it before the call.
import dns from "node:dns";
import type { LookupFunction } from "node:net";
import type { Agent, buildConnector } from "undici";
import { canonicalAddress, isPublicAddress } from "./url-guard.js";

export const PRIVATE_TARGET_CODE = "EPRIVATETARGET";

const privateTarget = (host: string) =>
  Object.assign(new Error(`${host} does not resolve to a public address`), { code: PRIVATE_TARGET_CODE });

type Resolve = (hostname: string, options: dns.LookupAllOptions, callback: (err: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => void) => void;

/** A lookup that resolves with `resolve` (the system resolver by default) and refuses unless every address is public. */
export function publicOnlyLookupWith(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, "", 0);
      if (addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address))) return callback(privateTarget(hostname), "", 0);
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export const publicOnlyLookup: LookupFunction = publicOnlyLookupWith((hostname, options, callback) => dns.lookup(hostname, options, callback));

/**
 * The agent's connector: IP literals are checked here (no lookup runs for them), names by the
 * lookup. undici (0.8 MB of bundled code) loads with the first call to a user's own model
 * server, not at start.
 */
function publicOnlyConnector(undici: typeof import("undici")): buildConnector.connector {
  const connectPublic = undici.buildConnector({ lookup: publicOnlyLookup });
  return (options, callback) => {
    const host = options.hostname.replace(/^\[(.*)\]$/, "$1");
    if (canonicalAddress(host) && !isPublicAddress(host)) return callback(privateTarget(host), null);
    connectPublic(options, callback);
  };
}

let agent: Promise<Agent> | null = null;

/** The agent for calls to users' model servers when only public targets are allowed. */
export function publicOnlyDispatcher(): Promise<Agent> {
  agent ??= import("undici").then(
    (module) => {
      // undici is CommonJS: in the server bundle a dynamic import() of it has a default export only.
      const undici = (module as unknown as { default?: typeof module }).default ?? module;
      return new undici.Agent({ connect: publicOnlyConnector(undici) });
    },
    (err) => {
      agent = null;
      throw err;
    },
  );
  return agent;
}

// A user's connection makes the server fetch an address the user chose. In production that
// address must be on the public internet: a loopback, private, link-local (cloud metadata at
// 169.254.169.254) or otherwise reserved target would let anyone probe the server's own
// network. The host is resolved and every address it resolves to is checked, at saving and
// again before each call (the name may point elsewhere by then). Operators who run their
// model on their own network set AI_CONNECTIONS_ALLOW_PRIVATE=true; development and tests
// allow it, since a local model server is the usual case there.
import dns from "node:dns/promises";
import net from "node:net";
import { AppError } from "../../http/errors.js";

const blocked = new net.BlockList();
for (const [addr, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const) {
  blocked.addSubnet(addr, prefix, "ipv4");
}
for (const [addr, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["64:ff9b::", 96],
  ["100::", 64],
  ["2001:db8::", 32],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const) {
  blocked.addSubnet(addr, prefix, "ipv6");
}

/** An IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, ::a.b.c.d) as that IPv4 address. */
function embeddedIpv4(address: string): string | null {
  const m = /^::(?:ffff:(?:0:)?)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (m) return m[1]!;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const hi = Number.parseInt(hex[1]!, 16);
    const lo = Number.parseInt(hex[2]!, 16);
    return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
  }
  return null;
}

export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return false;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return !blocked.check(v4, "ipv4");
    return !blocked.check(address, "ipv6");
  }
  return !blocked.check(address, "ipv4");
}

export const connectionRefused = (message: string, field: "baseUrl" | "apiKey" | "model" = "baseUrl") =>
  new AppError(422, "validation_failed", message, { field });

/** Throws 422 unless the URL is http(s) and (when private targets are not allowed) every address of its host is public. */
export async function assertAllowedTarget(baseUrl: string, allowPrivate: boolean): Promise<void> {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw connectionRefused("Base URL is not a valid address.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw connectionRefused("Base URL must start with http:// or https://.");
  if (allowPrivate) return;
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  if (net.isIP(host)) addresses = [host];
  else {
    try {
      addresses = (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
    } catch {
      throw connectionRefused(`The host "${host}" could not be found.`);
    }
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) {
    throw connectionRefused(
      `The host "${host}" is on a private or local network, which this server does not connect to. Use a public address.`,
    );
  }
}

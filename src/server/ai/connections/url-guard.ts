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

// Every form an address can be written in is parsed to its numbers first, so no spelling
// slips past the lists: IPv4 as the resolver reads it (decimal 2130706433, octal 0177.0.0.1,
// hex 0x7f.1, short 127.1) and IPv6 (compressed, with an IPv4 tail, with a zone). An IPv6
// address that carries an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, IPv4-compatible ::a.b.c.d,
// IPv4-translated ::ffff:0:a.b.c.d, NAT64 64:ff9b::a.b.c.d, 6to4 2002:aabb:ccdd::) is judged
// by that IPv4 address; Teredo and local-use NAT64, whose IPv4 part is not plain, are refused.
// Other IPv6 must be global unicast (2000::/3) outside the special-purpose blocks.
const blockedV4 = new net.BlockList();
for (const [addr, prefix] of [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the local host
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local, cloud metadata
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(addr, prefix, "ipv4");
}
const blockedV6 = new net.BlockList();
for (const [addr, prefix] of [
  ["2001::", 23], // IETF protocol assignments: Teredo, benchmarking, ORCHID
  ["2001:db8::", 32], // documentation
  ["3fff::", 20], // documentation
] as const) {
  blockedV6.addSubnet(addr, prefix, "ipv6");
}

/** An IPv4 address as the system resolver (inet_aton) reads it: 1 to 4 parts, each decimal, 0-octal or 0x-hex. */
export function parseIpv4(text: string): number[] | null {
  const parts = text.split(".");
  if (parts.length === 0 || parts.length > 4) return null;
  const values: number[] = [];
  for (const part of parts) {
    let value: number;
    if (/^0x[0-9a-f]*$/i.test(part)) value = part.length === 2 ? 0 : Number.parseInt(part.slice(2), 16);
    else if (/^0[0-7]+$/.test(part)) value = Number.parseInt(part, 8);
    else if (/^(0|[1-9][0-9]*)$/.test(part)) value = Number(part);
    else return null;
    if (!Number.isSafeInteger(value)) return null;
    values.push(value);
  }
  // The last part fills the bytes the earlier ones leave: a.b.c.d, a.b.c16, a.b24, a32.
  const last = values[values.length - 1]!;
  const head = values.slice(0, -1);
  if (head.some((v) => v > 255) || last >= 2 ** (8 * (4 - head.length))) return null;
  const bytes = [...head];
  for (let i = 4 - head.length - 1; i >= 0; i--) bytes.push(Math.floor(last / 2 ** (8 * i)) % 256);
  return bytes;
}

/** An IPv6 address as eight 16-bit words (compressed forms, an IPv4 tail, a %zone), or null. */
export function parseIpv6(text: string): number[] | null {
  const bare = text.replace(/%.*$/, "");
  if (net.isIPv6(bare) === false) return null;
  let head = bare;
  const tailWords: number[] = [];
  const v4 = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (v4) {
    const b = v4[2]!.split(".").map(Number);
    tailWords.push((b[0]! << 8) | b[1]!, (b[2]! << 8) | b[3]!);
    head = v4[1]!.endsWith("::") ? v4[1]! : v4[1]!.slice(0, -1);
  }
  const [left, right, ...more] = head.split("::");
  if (more.length > 0) return null;
  const words = (list: string | undefined) => (list ? list.split(":").map((w) => Number.parseInt(w, 16)) : []);
  const l = words(left);
  const r = [...words(right), ...tailWords];
  const fill = right === undefined ? 0 : 8 - l.length - r.length;
  const all = [...l, ...new Array(fill).fill(0), ...r];
  return all.length === 8 && all.every((w) => w >= 0 && w <= 0xffff) ? all : null;
}

const v4Text = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 one stands for, "refuse" for forms whose IPv4 part cannot be
 * judged, or null for plain IPv6.
 */
function embeddedIpv4(w: number[]): string | "refuse" | null {
  const zero = (from: number, to: number) => w.slice(from, to).every((x) => x === 0);
  if (zero(0, 5) && w[5] === 0xffff) return v4Text(w[6]!, w[7]!); // ::ffff:a.b.c.d (mapped)
  if (zero(0, 6)) return v4Text(w[6]!, w[7]!); // ::a.b.c.d (compatible), also :: and ::1
  if (zero(0, 4) && w[4] === 0xffff && w[5] === 0) return v4Text(w[6]!, w[7]!); // ::ffff:0:a.b.c.d (translated)
  if (w[0] === 0x64 && w[1] === 0xff9b && zero(2, 6)) return v4Text(w[6]!, w[7]!); // 64:ff9b::/96 (NAT64)
  if (w[0] === 0x64 && w[1] === 0xff9b && w[2] === 1) return "refuse"; // 64:ff9b:1::/48 (local-use NAT64)
  if (w[0] === 0x2002) return v4Text(w[1]!, w[2]!); // 2002:aabb:ccdd::/48 (6to4)
  if (w[0] === 0x2001 && w[1] === 0) return "refuse"; // 2001::/32 (Teredo)
  return null;
}

/** The address in one canonical spelling ("a.b.c.d" or eight full IPv6 words), or null if it is not an IP address. */
export function canonicalAddress(address: string): { family: 4 | 6; address: string } | null {
  const text = address.trim().replace(/^\[(.*)\]$/, "$1");
  const v4 = parseIpv4(text);
  if (v4) return { family: 4, address: v4.join(".") };
  const v6 = parseIpv6(text);
  if (v6) return { family: 6, address: v6.map((w) => w.toString(16)).join(":") };
  return null;
}

function isPublicV4(address: string): boolean {
  return !blockedV4.check(address, "ipv4");
}

/** Whether an address, in any spelling, is on the public internet. Anything that is not an IP address is not. */
export function isPublicAddress(address: string): boolean {
  const canonical = canonicalAddress(address);
  if (!canonical) return false;
  if (canonical.family === 4) return isPublicV4(canonical.address);
  const words = parseIpv6(canonical.address)!;
  const v4 = embeddedIpv4(words);
  if (v4 === "refuse") return false;
  if (v4) return isPublicV4(v4);
  // Global unicast only: this leaves out unspecified, loopback, unique-local (fc00::/7),
  // link-local (fe80::/10), site-local, multicast (ff00::/8), discard (100::/64) and the rest.
  if ((words[0]! & 0xe000) !== 0x2000) return false;
  return !blockedV6.check(canonical.address, "ipv6");
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
  if (canonicalAddress(host)) addresses = [host];
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

import { describe, expect, it } from "vitest";
import { assertAllowedTarget, canonicalAddress, isPublicAddress } from "./url-guard.js";

// Every spelling of a loopback, private or otherwise local address that has been used to get
// past address checks like this one. Each must be refused.
const BYPASSES = [
  // Plain ranges.
  "127.0.0.1",
  "127.255.255.254",
  "10.1.2.3",
  "172.16.0.1",
  "192.168.1.10",
  "169.254.169.254",
  "100.64.0.1",
  "100.127.255.254",
  "0.0.0.0",
  "224.0.0.1",
  "239.255.255.250",
  "255.255.255.255",
  "::1",
  "::",
  "fe80::1",
  "fe80::1%eth0",
  "fd00::1",
  "fc00::1",
  "fec0::1",
  "ff02::1",
  "ff05::1:3",
  "100::1",
  "2001:db8::1",
  // IPv4 as the resolver reads it: decimal, octal, hex, short forms.
  "2130706433",
  "0x7f000001",
  "017700000001",
  "0177.0.0.1",
  "0x7f.1",
  "0x7f.0.0.1",
  "127.1",
  "127.0.1",
  "0",
  "3232235777",
  "0xa9.0xfe.0xa9.0xfe",
  // IPv4-mapped IPv6, dotted and hex, compressed or not, any case.
  "::ffff:127.0.0.1",
  "::ffff:7f00:1",
  "::FFFF:7F00:0001",
  "0:0:0:0:0:ffff:127.0.0.1",
  "0000:0000:0000:0000:0000:ffff:7f00:0001",
  "[::ffff:127.0.0.1]",
  "::ffff:a9fe:a9fe",
  "::ffff:10.0.0.1",
  "::ffff:0.0.0.0",
  // IPv4-compatible (deprecated) and IPv4-translated.
  "::127.0.0.1",
  "::7f00:1",
  "::a9fe:a9fe",
  "::ffff:0:127.0.0.1",
  "::ffff:0:7f00:1",
  // NAT64 (well-known and local-use prefixes), 6to4, Teredo.
  "64:ff9b::7f00:1",
  "64:ff9b::127.0.0.1",
  "64:ff9b::a9fe:a9fe",
  "64:ff9b:1::7f00:1",
  "2002:7f00:1::",
  "2002:7f00:0001::1",
  "2002:a9fe:a9fe::",
  "2002:c0a8:101::1",
  "2001:0:4136:e378:8000:63bf:80ff:fffe",
  // Not an address at all.
  "not-an-ip",
  "",
  "1.2.3.4.5",
];

const PUBLIC = [
  "8.8.8.8",
  "1.1.1.1",
  "93.184.216.34",
  "100.63.255.255",
  "100.128.0.1",
  "2606:4700:4700::1111",
  "2a00:1450:4001:80b::200e",
  "::ffff:8.8.8.8",
  "::ffff:808:808",
  "64:ff9b::8.8.8.8",
  "2002:808:808::1",
];

describe("the connection target guard", () => {
  it("refuses every known spelling of a loopback, private, link-local, unique-local, CGNAT, multicast or reserved address", () => {
    const passed = BYPASSES.filter((a) => isPublicAddress(a));
    expect(passed).toEqual([]);
  });

  it("accepts ordinary public addresses, also when an IPv6 form carries a public IPv4 one", () => {
    const refused = PUBLIC.filter((a) => !isPublicAddress(a));
    expect(refused).toEqual([]);
  });

  it("reads an address in every spelling as its numbers", () => {
    for (const a of ["2130706433", "0177.0.0.1", "0x7f.1", "127.1", "0x7f000001"]) expect(canonicalAddress(a), a).toEqual({ family: 4, address: "127.0.0.1" });
    expect(canonicalAddress("::ffff:127.0.0.1")).toEqual({ family: 6, address: "0:0:0:0:0:ffff:7f00:1" });
    expect(canonicalAddress("[fe80::1%25eth0]")?.address).toBe("fe80:0:0:0:0:0:0:1");
    for (const a of ["256.0.0.1", "1.2.65536", "08.0.0.1", "example.com", "::ffff:1.2.3.4:5", "1::2::3"]) expect(canonicalAddress(a), a).toBeNull();
  });

  it("refuses base URLs on the known bypass list as written in a URL", async () => {
    for (const url of [
      "http://[::ffff:127.0.0.1]:11434/v1",
      "http://[::ffff:7f00:1]/v1",
      "http://[::127.0.0.1]/v1",
      "http://[::7f00:1]/v1",
      "http://[::ffff:0:127.0.0.1]/v1",
      "http://[64:ff9b::7f00:1]/v1",
      "http://[64:ff9b:1::7f00:1]/v1",
      "http://[2002:7f00:1::]/v1",
      "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/v1",
      "http://2130706433/v1",
      "http://0177.0.0.1/v1",
      "http://0x7f.1/v1",
      "http://127.1/v1",
      "http://0.0.0.0/v1",
      "http://[::]/v1",
      "http://[fe80::1%25eth0]/v1",
      "http://100.64.0.1/v1",
      "https://224.0.0.1/v1",
    ]) {
      await expect(assertAllowedTarget(url, false), url).rejects.toMatchObject({ status: 422 });
    }
    await expect(assertAllowedTarget("http://[2606:4700:4700::1111]/v1", false)).resolves.toBeUndefined();
    await expect(assertAllowedTarget("http://[::ffff:8.8.8.8]/v1", false)).resolves.toBeUndefined();
  });

  it("refuses private hosts unless allowed, resolving names first", async () => {
    await expect(assertAllowedTarget("http://127.0.0.1:11434/v1", false)).rejects.toMatchObject({ status: 422 });
    await expect(assertAllowedTarget("http://[::1]:8080/v1", false)).rejects.toMatchObject({ status: 422 });
    await expect(assertAllowedTarget("http://localhost:11434/v1", false)).rejects.toMatchObject({ status: 422 });
    await expect(assertAllowedTarget("http://169.254.169.254/latest", false)).rejects.toMatchObject({ status: 422 });
    await expect(assertAllowedTarget("http://127.0.0.1:11434/v1", true)).resolves.toBeUndefined();
    await expect(assertAllowedTarget("http://8.8.8.8/v1", false)).resolves.toBeUndefined();
  });

  it("refuses anything but http and https", async () => {
    await expect(assertAllowedTarget("file:///etc/passwd", true)).rejects.toMatchObject({ status: 422 });
    await expect(assertAllowedTarget("gopher://example.com/", true)).rejects.toMatchObject({ status: 422 });
  });
});

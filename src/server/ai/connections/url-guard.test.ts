import { describe, expect, it } from "vitest";
import { assertAllowedTarget, isPublicAddress } from "./url-guard.js";

describe("the connection target guard", () => {
  it("tells public addresses from loopback, private, link-local and reserved ones", () => {
    for (const a of ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"]) expect(isPublicAddress(a), a).toBe(true);
    for (const a of [
      "127.0.0.1",
      "10.1.2.3",
      "172.16.0.1",
      "192.168.1.10",
      "169.254.169.254",
      "100.64.0.1",
      "0.0.0.0",
      "::1",
      "::",
      "fe80::1",
      "fd00::1",
      "::ffff:127.0.0.1",
      "::ffff:7f00:1",
      "::ffff:a9fe:a9fe",
      "not-an-ip",
    ]) {
      expect(isPublicAddress(a), a).toBe(false);
    }
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

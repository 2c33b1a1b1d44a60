import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createSecretBox, deriveConnectionKey } from "./secret-box.js";

describe("the connection key box", () => {
  const box = createSecretBox(crypto.randomBytes(32));

  it("seals a key into text that does not contain it and opens it again", () => {
    const sealed = box.seal("sk-secret-value-1234");
    expect(sealed).not.toContain("sk-secret");
    expect(sealed).toMatch(/^v1\./);
    expect(box.open(sealed)).toBe("sk-secret-value-1234");
    // A fresh IV each time: the same key never seals to the same text.
    expect(box.seal("sk-secret-value-1234")).not.toBe(sealed);
  });

  it("opens nothing sealed under another key or tampered with", () => {
    const sealed = box.seal("sk-secret-value-1234");
    expect(createSecretBox(crypto.randomBytes(32)).open(sealed)).toBeNull();
    const parts = sealed.split(".");
    const body = Buffer.from(parts[3]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(box.open([...parts.slice(0, 3), body.toString("base64url")].join("."))).toBeNull();
    expect(box.open("garbage")).toBeNull();
  });

  it("derives the same 32-byte key from the same signing secret, and another from another", () => {
    const a = deriveConnectionKey("a".repeat(48));
    expect(a).toHaveLength(32);
    expect(deriveConnectionKey("a".repeat(48)).equals(a)).toBe(true);
    expect(deriveConnectionKey("b".repeat(48)).equals(a)).toBe(false);
  });
});

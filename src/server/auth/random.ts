// Opaque secrets (refresh and one-time tokens): 256 random bits, stored only as SHA-256.
import crypto from "node:crypto";

export function randomToken(): string {
  return crypto.randomBytes(32).toString("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** HMAC-SHA256 as base64url; used to derive a refresh token's successor deterministically. */
export function hmac(key: string, value: string): string {
  return crypto.createHmac("sha256", key).update(value).digest("base64url");
}

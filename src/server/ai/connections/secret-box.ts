// Users' model keys at rest: AES-256-GCM under the server's connection key. The key is
// AI_CONNECTION_KEY when set; otherwise it is derived (HKDF-SHA256) from the signing secret,
// which every instance shares (JWT_SECRET, or the one kept in server_secrets), so a fresh
// machine works and every instance can read what another stored. Changing the signing
// secret without AI_CONNECTION_KEY makes stored keys unreadable: their owners enter them again.
import crypto from "node:crypto";
import { loadSigningSecret } from "../../auth/index.js";
import type { AppContext } from "../../context.js";

const VERSION = "v1";
const HKDF_INFO = "draftsmith ai connection key v1";

export interface SecretBox {
  seal(plain: string): string;
  /** The plain text, or null when the sealed value is not readable with this key. */
  open(sealed: string): string | null;
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new Error("The connection key must be 32 bytes");
  return {
    seal(plain) {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body].map((p) => (typeof p === "string" ? p : p.toString("base64url"))).join(".");
    },
    open(sealed) {
      const [version, iv, tag, body] = sealed.split(".");
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) return null;
      try {
        const decipher = crypto.createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(Buffer.from(tag, "base64url"));
        return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
      } catch {
        return null;
      }
    },
  };
}

export function deriveConnectionKey(signingSecret: string): Buffer {
  return Buffer.from(crypto.hkdfSync("sha256", signingSecret, "", HKDF_INFO, 32));
}

const boxes = new WeakMap<AppContext, Promise<SecretBox>>();

/** The app's box, built once per app. */
export function secretBoxOf(ctx: AppContext): Promise<SecretBox> {
  let box = boxes.get(ctx);
  if (!box) {
    const fromEnv = ctx.config.AI_CONNECTION_KEY;
    box = fromEnv
      ? Promise.resolve(createSecretBox(Buffer.from(fromEnv, "base64")))
      : loadSigningSecret(ctx.db, ctx.config.JWT_SECRET).then((s) => createSecretBox(deriveConnectionKey(s)));
    boxes.set(ctx, box);
  }
  return box;
}

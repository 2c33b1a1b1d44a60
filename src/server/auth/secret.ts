// The JWT signing secret: JWT_SECRET when set, otherwise one generated on first boot and
// kept in the database, so restarts and several instances on one database agree.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/index.js";
import { serverSecrets } from "../db/index.js";

/** One read per database handle: the app, the auth routes and the keys derived from it share it. */
const loaded = new WeakMap<Db, Promise<string>>();

export function loadSigningSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return Promise.resolve(fromEnv);
  let secret = loaded.get(db);
  if (!secret) {
    secret = readOrCreate(db);
    loaded.set(db, secret);
    // A failed read (the database was down) is tried again by the next caller.
    secret.catch(() => loaded.delete(db));
  }
  return secret;
}

/**
 * A read, which is all a start on an existing database needs; the first start inserts a new
 * secret, and when several instances do at once the first insert wins for all of them.
 */
async function readOrCreate(db: Db): Promise<string> {
  const read = async () => (await db.select().from(serverSecrets).where(eq(serverSecrets.name, "jwt_secret")))[0]?.value;
  const kept = await read();
  if (kept !== undefined) return kept;
  const candidate = crypto.randomBytes(48).toString("base64url");
  await db.insert(serverSecrets).values({ name: "jwt_secret", value: candidate }).onConflictDoNothing();
  return (await read())!;
}

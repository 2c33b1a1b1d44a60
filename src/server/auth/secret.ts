// The JWT signing secret: JWT_SECRET when set, otherwise one generated on first boot and
// kept in the database, so restarts and several instances on one database agree.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/index.js";
import { serverSecrets } from "../db/index.js";

export async function loadSigningSecret(db: Db, fromEnv: string | undefined): Promise<string> {
  if (fromEnv) return fromEnv;
  const candidate = crypto.randomBytes(48).toString("base64url");
  await db.insert(serverSecrets).values({ name: "jwt_secret", value: candidate }).onConflictDoNothing();
  const [row] = await db.select().from(serverSecrets).where(eq(serverSecrets.name, "jwt_secret"));
  return row!.value;
}

// What every route module receives: configuration, the database and the shared services.
// Built once in app.ts; tests build it with their own config and database.
import type { JwtSigner } from "./auth/jwt.js";
import type { SessionCache } from "./auth/session-cache.js";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/client.js";
import type { Mailer } from "./mail/mailer.js";
import type { RealtimeBus } from "./realtime/bus.js";

export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  jwt: JwtSigner;
  mailer: Mailer;
  realtime: RealtimeBus;
  /** Verified access tokens; evict after any write that ends a session or changes a user. */
  sessionCache: SessionCache;
  /** The clock; tests may replace it to move time without sleeping. */
  now: () => Date;
}

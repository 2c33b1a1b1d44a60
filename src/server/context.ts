// What every route module receives: configuration, the database and the external services
// (built once by services.ts), plus the app's own token signer and session cache.
// Built once in app.ts; tests build it with their own config and database. It imports
// the leaf files it needs, not area index files, so that no area that reads the context
// is imported back by it.
import type { JwtSigner } from "./auth/jwt.js";
import type { SessionCache } from "./auth/session-cache.js";
import type { Config } from "./config.js";
import type { Database, Db } from "./db/providers/index.js";
import type { LiveDocuments, Services } from "./service-types.js";

export type { AuthUser, LiveChange } from "./service-types.js";

export interface AppContext extends Services {
  config: Config;
  database: Database;
  db: Db;
  jwt: JwtSigner;
  /** Verified access tokens; evict after any write that ends a session or changes a user. */
  sessionCache: SessionCache;
  /** Co-edited documents in memory; set once the app is built (app.ts). */
  liveDocuments: LiveDocuments;
  /** The clock; tests may replace it to move time without sleeping. */
  now: () => Date;
}

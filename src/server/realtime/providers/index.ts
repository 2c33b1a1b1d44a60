// Picks the realtime fan-out for this configuration: in-process by default, PostgreSQL
// LISTEN/NOTIFY when the app runs on PostgreSQL (config.realtime === "postgres"), so that
// several server processes on one database all deliver every update.
import type { Config } from "../../config.js";
import type { Database } from "../../db/index.js";
import { documentCodec } from "../document-codec.js";
import { createMemoryBus } from "./builtin.js";
import { createPostgresBus } from "./postgres.js";
import type { RealtimeBus } from "./types.js";

export type { RealtimeBus, RealtimeEvent } from "./types.js";

export async function createRealtimeBus(config: Config, database: Database): Promise<RealtimeBus> {
  if (config.realtime === "postgres" && database.driver === "postgres") {
    return createPostgresBus(database, documentCodec(database.db), (err) => {
      console.error("realtime: could not deliver a cross-process event", err);
    });
  }
  return createMemoryBus();
}

// Picks the realtime fan-out for this configuration. The Documents issue adds the
// PostgreSQL LISTEN/NOTIFY bus; until then every process fans out in memory.
import type { Config } from "../config.js";
import type { Database } from "../db/client.js";
import { createMemoryBus, type RealtimeBus } from "./bus.js";

export async function createRealtimeBus(_config: Config, _database: Database): Promise<RealtimeBus> {
  return createMemoryBus();
}

// Builds every external service once, each through its area's providers/index.ts, which
// picks the built-in adapter or the real one from configuration. The database is opened
// before this (main.ts starts it first so it boots while the app loads; tests bring their
// own) and is handed in.
import type { FastifyBaseLogger } from "fastify";
import { createAiProvider } from "./ai/providers/index.js";
import { createPaymentProvider } from "./billing/providers/index.js";
import type { Config } from "./config.js";
import type { Database } from "./db/providers/index.js";
import { createRateStore } from "./http/providers/index.js";
import { createImageStore } from "./images/providers/index.js";
import { createMailer } from "./mail/providers/index.js";
import { createRealtimeBus } from "./realtime/providers/index.js";
import type { Services } from "./service-types.js";

export async function createServices(config: Config, database: Database, log: FastifyBaseLogger): Promise<Services> {
  const [realtime, payments, ai, rateLimits] = await Promise.all([
    createRealtimeBus(config, database),
    createPaymentProvider(config, (err) => log.error({ err }, "payment provider call failed")),
    createAiProvider(config, log),
    createRateStore(config),
  ]);
  return { mailer: createMailer(config, database.db), realtime, payments, ai, rateLimits, imageStore: createImageStore(config, database.db) };
}

/** Releases what the services hold open (the realtime bus's LISTEN connection, Redis). */
export async function closeServices(services: Services): Promise<void> {
  await Promise.all([services.realtime.close(), services.rateLimits.close()]);
}

// Builds the Fastify app. main.ts listens with it; tests drive it through app.inject().
import path from "node:path";
import { fileURLToPath } from "node:url";
import websocket from "@fastify/websocket";
import Fastify, { type FastifyInstance } from "fastify";
import { aiRoutes } from "./ai/routes.js";
import { createJwtSigner, loadSigningSecret, SessionCache, shareSessionEvictions } from "./auth/index.js";
import { authRoutes } from "./auth/routes.js";
import { billingRoutes } from "./billing/routes.js";
import { COLLAB_LIMITS, collabRoutes, createCollab } from "./collab/index.js";
import { commentRoutes } from "./comments/index.js";
import type { Config } from "./config.js";
import type { AppContext } from "./context.js";
import type { Database } from "./db/index.js";
import { devRoutes } from "./dev/routes.js";
import { dictionaryRoutes } from "./dictionary/routes.js";
import { grammarRoutes } from "./grammar/routes.js";
import { documentRoutes } from "./documents/routes.js";
import { exportRoutes } from "./export/routes.js";
import { healthRoutes } from "./health/routes.js";
import { imageRoutes } from "./images/index.js";
import { importRoutes } from "./import/routes.js";
import { memberRoutes } from "./members/index.js";
import { notificationRoutes } from "./notifications/index.js";
import { searchRoutes } from "./search/index.js";
import { scheduleUpkeep } from "./upkeep.js";
import { versionRoutes } from "./versions/index.js";
import {
  installAuthHook,
  installCompression,
  installErrorHandler,
  installInputCheck,
  installSecurityHeaders,
  installSpa,
  isHashedSubresource,
  ROUTE_SCHEMA_COMPILERS,
  RequestLog,
  readIndexHtml,
} from "./http/index.js";
import { realtimeRoutes } from "./realtime/routes.js";
import { closeServices, createServices } from "./services.js";
import { settingsRoutes } from "./settings/routes.js";
import { sharingRoutes } from "./sharing/routes.js";

export interface BuildAppOptions {
  config: Config;
  /**
   * The database, or its opening: main.ts hands the promise over (PostgreSQL) so that what
   * needs no database (Fastify, its plugins, the web app's files) is built while it connects,
   * or the built-in database's handle, on which all of the app is built while it opens.
   */
  database: Database | Promise<Database>;
  /** Where the built SPA lives; defaults to dist/client at the package root. */
  clientDir?: string;
  now?: () => Date;
  /** false for no logging; a stream receives the JSON log lines instead of stdout (tests). */
  logger?: boolean | { stream: { write(line: string): void } };
}

/** Default body cap; the document routes raise theirs to fit the 5 MB content cap. */
export const DEFAULT_BODY_LIMIT = 1024 * 1024;

function defaultClientDir(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  // From source (src/server/app.ts): ../../dist/client. From the bundle (<dist>/server/main.js): ../client.
  const fromSource = here.endsWith(path.join("src", "server"));
  return fromSource ? path.join(here, "..", "..", "dist", "client") : path.join(here, "..", "client");
}

export async function buildApp(opts: BuildAppOptions): Promise<{ app: FastifyInstance; ctx: AppContext }> {
  const { config } = opts;
  const requestLog = new RequestLog();
  const app = Fastify({
    logger:
      opts.logger === false
        ? false
        : {
            level: config.LOG_LEVEL,
            redact: ["req.headers.authorization", "req.headers.cookie", "req.headers['stripe-signature']"],
            ...(typeof opts.logger === "object" ? { stream: opts.logger.stream } : {}),
          },
    // One line per API request instead of Fastify's two, none for health checks and assets.
    logController: requestLog,
    bodyLimit: DEFAULT_BODY_LIMIT,
    trustProxy: config.TRUST_PROXY,
    requestIdHeader: "x-request-id",
    genReqId: () => crypto.randomUUID(),
    return503OnClosing: true,
    forceCloseConnections: "idle",
    schemaController: ROUTE_SCHEMA_COMPILERS,
  });

  // Added before the plugins, as the first onClose hook: what the app itself holds open
  // (set once the database is there) closes in the same order as when it was built first.
  let closeOwn = async () => {};
  app.addHook("onClose", async () => closeOwn());
  // Once shutdown starts, every response closes its connection: a keep-alive socket that
  // goes idle after the close began would otherwise hold the server open.
  let closing = false;
  app.addHook("preClose", async () => {
    closing = true;
  });
  app.addHook("onSend", async (request, reply) => {
    // Static assets are not logged (src/server/http/request-log.ts): an id would match nothing.
    if (!isHashedSubresource(request.url)) reply.header("x-request-id", request.id);
    if (closing) reply.header("connection", "close");
  });

  const clientDir = opts.clientDir ?? defaultClientDir();
  const indexHtml = readIndexHtml(clientDir);
  installErrorHandler(app);
  installInputCheck(app);
  await installSecurityHeaders(app, indexHtml);
  // Room for a whole document in one collaboration message; /realtime keeps its own smaller cap.
  await app.register(websocket, { options: { maxPayload: COLLAB_LIMITS.maxMessageBytes } });
  requestLog.watchUpgrades(app.websocketServer);
  // Before any route: the plugin hooks into the routes registered after it.
  await installCompression(app);
  // Every registered route, for the security suite's "no route without a row" check.
  const routes: { method: string; url: string }[] = [];
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) if (method !== "HEAD") routes.push({ method, url: route.url });
  });
  app.decorate("routeList", routes);

  // The web app's files need no database either; only their routes' hooks (above) come before them.
  await installSpa(app, clientDir, indexHtml);

  // From here on, the database: the signing secret, the services, live editing and the routes.
  // The built-in database is a handle already while it opens (db/providers/builtin.ts), so
  // all of this is built meanwhile; its statements wait for the opening. Nothing below may
  // wait for a statement before the last line, or the start waits for the database again.
  const database = await opts.database;
  const secret = loadSigningSecret(database.db, config.JWT_SECRET);
  secret.catch(() => {});
  const ctx: AppContext = {
    config,
    database,
    db: database.db,
    jwt: createJwtSigner(secret, `${config.publicUrl}/auth/v1`),
    ...(await createServices(config, database, app.log)),
    sessionCache: new SessionCache(),
    liveDocuments: { applyChange: async () => "applied" as const, replaceContent: async () => {}, liveContent: async () => null, prepare: () => {} },
    now: opts.now ?? (() => new Date()),
  };
  const collab = await createCollab(ctx);
  ctx.liveDocuments = collab;
  const stopSharingEvictions = await shareSessionEvictions(ctx.sessionCache, database);
  // Expired trash and snapshots are deleted soon after the start and every hour (upkeep.ts).
  let stopUpkeep = () => {};
  app.addHook("onReady", async () => {
    stopUpkeep = scheduleUpkeep(ctx, (err) => app.log.error({ err }, "upkeep failed"));
  });
  app.decorate("ctx", ctx);
  closeOwn = async () => {
    stopUpkeep();
    await stopSharingEvictions();
    const { unstored } = await collab.close();
    await closeServices(ctx);
    // Reported as a failed shutdown: the changes are safe in the update log, the stored copy is behind.
    if (unstored.length) throw new Error(`${unstored.length} live document(s) could not be stored before shutdown`);
  };
  installAuthHook(app, ctx);

  const modules = [
    healthRoutes,
    authRoutes,
    documentRoutes,
    realtimeRoutes,
    sharingRoutes,
    memberRoutes,
    commentRoutes,
    notificationRoutes,
    versionRoutes,
    searchRoutes,
    settingsRoutes,
    dictionaryRoutes,
    grammarRoutes,
    billingRoutes,
    aiRoutes,
    exportRoutes,
    importRoutes,
    imageRoutes,
    devRoutes,
  ];
  for (const mod of modules) await app.register(async (scope) => mod(scope, ctx));
  await app.register(async (scope) => collabRoutes(scope, ctx, collab));

  // The database answers (a failure fails the start, as before) and tokens can be signed.
  await secret;
  return { app, ctx };
}

declare module "fastify" {
  interface FastifyInstance {
    ctx: AppContext;
    routeList: { method: string; url: string }[];
  }
}

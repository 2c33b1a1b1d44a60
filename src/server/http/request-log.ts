// One log line per request, written when the response is finished: method, path (never the
// query string, which can carry tokens), status and time. Health checks and static files
// write none: probes and page assets were most of the log volume and say nothing about
// what users did. A response that failed while being sent is still logged, at error level.
import { type FastifyReply, type FastifyRequest, LogController } from "fastify";

const LOGGED = /^\/(?:api\/|auth\/|collab(?:\/|$)|realtime(?:\/|$))/;
const HEALTH = /^\/api\/health(?:\/|$)/;

const pathOf = (request: FastifyRequest) => request.url.split("?", 1)[0]!;

/** True for the paths whose requests are logged (API, auth and the two WebSocket endpoints). */
export function isLoggedPath(path: string): boolean {
  return LOGGED.test(path) && !HEALTH.test(path);
}

/** What the WebSocket server (ws) announces for each accepted upgrade. */
interface UpgradeSource {
  on(event: "connection", listener: (socket: unknown, raw: object) => void): unknown;
}

export class RequestLog extends LogController {
  /** Upgrade requests under way, by raw request: the WebSocket server hands back only that. */
  readonly #upgrades = new WeakMap<object, { request: FastifyRequest; reply: FastifyReply }>();

  // The start of a request is not logged: the line written at its end says everything.
  override incomingRequest(request: FastifyRequest, reply: FastifyReply) {
    if (request.headers.upgrade && isLoggedPath(pathOf(request))) this.#upgrades.set(request.raw, { request, reply });
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    this.#upgrades.delete(request.raw);
    if (error) reply.log.error({ ...this.#fields(request, reply, reply.statusCode), err: error }, "request errored");
    else if (isLoggedPath(pathOf(request))) reply.log.info(this.#fields(request, reply, reply.statusCode), "request");
  }

  /**
   * Logs accepted WebSocket upgrades (101): their response never finishes the way an HTTP
   * one does, so requestCompleted only sees the refused ones.
   */
  watchUpgrades(server: UpgradeSource) {
    server.on("connection", (_socket, raw) => {
      const upgrade = this.#upgrades.get(raw);
      if (!upgrade) return;
      this.#upgrades.delete(raw);
      upgrade.reply.log.info(this.#fields(upgrade.request, upgrade.reply, 101), "request");
    });
  }

  #fields(request: FastifyRequest, reply: FastifyReply, statusCode: number) {
    return { method: request.method, path: pathOf(request), statusCode, responseTimeMs: Math.round(reply.elapsedTime) };
  }
}

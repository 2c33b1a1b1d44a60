// Node loads its fetch implementation (undici, ~50 ms of this thread on a quiet machine) the
// first time anything reads the global Response, as @fastify/compress does on every reply but
// the health checks'. Read ahead of the first user's request, its load is not in that request's
// time. It is read once the start is over and no request is waiting for an answer: read as soon
// as the server listened, it held the first health check's answer (its statement then under
// way on the built-in database) up by 38–57 ms (2026-11-28, 2 × Xeon, load 2.5).
import type { IncomingMessage, Server, ServerResponse } from "node:http";

/** Watches `server` from before it listens; runs `load` (reads Response) once `started` and nothing waits. */
export function preloadFetchStack(server: Server, started: Promise<unknown>, load: () => void = () => void globalThis.Response): void {
  let waiting = 0;
  let ready = false;
  let loaded = false;
  const loadWhenIdle = () => {
    if (loaded || !ready || waiting > 0) return;
    loaded = true;
    server.off("request", counted);
    setImmediate(load);
  };
  const counted = (_request: IncomingMessage, response: ServerResponse) => {
    waiting++;
    response.once("close", () => {
      waiting--;
      loadWhenIdle();
    });
  };
  server.on("request", counted);
  started.then(
    () => {
      ready = true;
      loadWhenIdle();
    },
    () => {},
  );
}

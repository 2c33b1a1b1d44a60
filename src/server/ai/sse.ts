// Server-sent events for the streaming endpoints: `delta` events while the answer is
// produced, then `done` (with usage and balance) or `error`.
import type { FastifyReply } from "fastify";
import type { AiStreamEvent } from "../../shared/contracts/ai.js";

export interface SseStream {
  send(event: AiStreamEvent): void;
  end(): void;
}

export function openSse(reply: FastifyReply): SseStream {
  reply.hijack();
  reply.raw.writeHead(200, {
    "content-type": "text/event-stream; charset=utf-8",
    "cache-control": "no-cache, no-transform",
    connection: "keep-alive",
    "x-accel-buffering": "no",
  });
  reply.raw.flushHeaders?.();
  return {
    send(event) {
      if (reply.raw.writableEnded || reply.raw.destroyed) return;
      reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (!reply.raw.writableEnded) reply.raw.end();
    },
  };
}

/** An AbortSignal that fires when the client goes away before the reply is complete. */
export function abortOnClose(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort(new Error("client disconnected"));
  });
  return controller.signal;
}

// Server-sent events for the streaming endpoints: `delta` events while the answer is
// produced, then `done` (with usage and balance) or `error` (a failure after the first word).
import type { FastifyReply } from "fastify";
import type { AiStreamEvent } from "../../shared/contracts/ai.js";

export interface SseStream {
  send(event: AiStreamEvent): void;
  end(): void;
  /** The client has gone: ends the reply without a word, whether or not the stream opened. */
  drop(): void;
  /** Whether anything was sent: until then a failure can still be an ordinary error response. */
  readonly opened: boolean;
}

/**
 * The stream opens (status 200, headers) with its first event, not before: a call refused or
 * failed before its first word (a busy or misconfigured provider, a model required) is then
 * answered with its own status, headers such as Retry-After, and error body, like any JSON call.
 */
export function openSse(reply: FastifyReply): SseStream {
  let opened = false;
  const open = () => {
    opened = true;
    reply.hijack();
    reply.raw.writeHead(200, {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      connection: "keep-alive",
      "x-accel-buffering": "no",
    });
    reply.raw.flushHeaders?.();
  };
  return {
    get opened() {
      return opened;
    },
    send(event) {
      if (reply.raw.writableEnded || reply.raw.destroyed) return;
      if (!opened) open();
      reply.raw.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    },
    end() {
      if (opened && !reply.raw.writableEnded) reply.raw.end();
    },
    drop() {
      // Taken from Fastify, which would otherwise answer (or log) on a closed connection.
      if (!opened) reply.hijack();
      opened = true;
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

/** For a client that has gone: ends the reply without a word, so Fastify neither answers nor logs on the closed connection. */
export function endQuietly(reply: FastifyReply): void {
  if (!reply.sent) reply.hijack();
  if (!reply.raw.writableEnded) reply.raw.end();
}

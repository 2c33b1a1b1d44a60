// Compresses API answers above 1 KB, brotli or gzip as the client prefers. Static files are
// compressed once at build time instead (src/server/http/spa.ts). Server-Sent Events
// (src/server/ai/sse.ts) and WebSocket upgrades take over the raw response, so no
// compression hook ever sees them and they keep streaming.
import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";

export async function installCompression(app: FastifyInstance) {
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    // No client of this API sends compressed bodies: request bodies are read as they come.
    globalDecompression: false,
  });
}

// Realtime (/realtime WebSocket) routes. Filled in by the Realtime (/realtime WebSocket) issue; registered by app.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function realtimeRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

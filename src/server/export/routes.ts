// Export routes. Filled in by the Export issue; registered by app.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function exportRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

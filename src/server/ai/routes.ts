// AI routes. Filled in by the AI issue; registered by app.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function aiRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

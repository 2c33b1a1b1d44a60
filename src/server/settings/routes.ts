// Settings routes. Filled in by the Settings issue; registered by app.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function settingsRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

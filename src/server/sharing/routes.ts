// Sharing routes. Filled in by the Sharing issue; registered by app.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function sharingRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

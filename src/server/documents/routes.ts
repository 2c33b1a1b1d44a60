// Documents routes. Filled in by the Documents issue; registered by app.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function documentRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

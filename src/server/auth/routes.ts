// Auth (/auth/v1) routes. Filled in by the Auth (/auth/v1) issue; registered by app.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function authRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

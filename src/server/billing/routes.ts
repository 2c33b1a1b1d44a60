// Billing routes. Filled in by the Billing issue; registered by app.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function billingRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

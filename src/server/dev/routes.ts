// Dev mailbox (/dev/mailbox) routes. Filled in by the Dev mailbox (/dev/mailbox) issue; registered by app.ts.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";

export async function devRoutes(_app: FastifyInstance, _ctx: AppContext): Promise<void> {}

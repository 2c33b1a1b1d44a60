// GET /api/search: the signed-in user's documents and those shared with them, matching the
// words typed (the last one as a prefix, "quoted words" as a phrase), best first, with
// highlighted passages. Thin handler: validate → search (scoped to the user in SQL) → present.
import type { FastifyInstance } from "fastify";
import { type SearchResponse, SearchQuerySchema } from "../../shared/contracts/search.js";
import type { AppContext } from "../context.js";
import { parse, requireUser } from "../http/index.js";
import { searchDocuments } from "./queries.js";

export async function searchRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/search", async (request): Promise<SearchResponse> => {
    const user = requireUser(request);
    const { q, limit } = parse(SearchQuerySchema, request.query ?? {});
    return { results: await searchDocuments(ctx, user.id, q, limit) };
  });
}

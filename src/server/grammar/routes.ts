// POST /api/grammar/check: the check as you type through the server's grammar service, when
// the operator has connected one (LANGUAGETOOL_URL). Without it the check runs in the
// writer's browser and this route answers 404. Thin: validate → the signed-in user, within
// their rate → ask the service → present.
import type { FastifyInstance } from "fastify";
import { type GrammarCheckResponse, grammarCheckRequestSchema } from "../../shared/contracts/grammar.js";
import type { AppContext } from "../context.js";
import { AppError, notFound, parse, rateLimited, RateLimiter, type RateRule, requireUser } from "../http/index.js";
import { LanguageToolChecker, LanguageToolError } from "./languagetool.js";

/** A writer's editor checks changed paragraphs a second or so after typing stops: a few a second at most. */
const CHECK_RULE: RateRule = { name: "grammar-check", limit: 240, windowMs: 60_000 };

export async function grammarRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const url = ctx.config.LANGUAGETOOL_URL;
  const checker = url
    ? new LanguageToolChecker({ url, username: ctx.config.LANGUAGETOOL_USERNAME, apiKey: ctx.config.LANGUAGETOOL_API_KEY, timeoutMs: ctx.config.LANGUAGETOOL_TIMEOUT_MS })
    : null;
  const limiter = new RateLimiter(ctx.rateLimits, ctx.now, (_rule, wait) => rateLimited("Too many grammar checks. Please wait a moment.", wait));

  app.post("/api/grammar/check", async (request): Promise<GrammarCheckResponse> => {
    const user = requireUser(request);
    if (!checker) throw notFound("No grammar service is connected: the check runs in the browser");
    const { texts } = parse(grammarCheckRequestSchema, request.body ?? {});
    await limiter.hit(CHECK_RULE, user.id);
    try {
      return { results: await checker.check(texts) };
    } catch (err) {
      if (!(err instanceof LanguageToolError)) throw err;
      request.log.warn({ reason: err.message }, "grammar service failed");
      throw new AppError(502, "bad_gateway", `The grammar service did not answer: ${err.message}`);
    }
  });
}

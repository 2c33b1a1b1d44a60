// The signed-in writer's personal dictionary and ignored findings (the check as you type):
// GET reads them, PUT adds and removes some and answers with the whole list. Both act on
// request.user only.
import type { FastifyInstance } from "fastify";
import { personalDictionaryChangeSchema } from "../../shared/contracts/grammar.js";
import type { AppContext } from "../context.js";
import { parse, requireUser } from "../http/index.js";
import { changePersonalDictionary, readPersonalDictionary } from "./store.js";

export async function dictionaryRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get("/api/grammar/personal", async (request) => readPersonalDictionary(ctx.db, requireUser(request).id));

  app.put("/api/grammar/personal", async (request) => {
    const user = requireUser(request);
    const change = parse(personalDictionaryChangeSchema, request.body ?? {});
    await changePersonalDictionary(ctx.db, user.id, change, ctx.now());
    return readPersonalDictionary(ctx.db, user.id);
  });
}

// Settings routes: the signed-in user's preferences and notification settings, and
// account deletion. Every route acts on request.user only, so no one reaches another's.
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import {
  deleteAccountSchema,
  notificationsPatchSchema,
  preferencesPatchSchema,
} from "../../shared/contracts/settings.js";
import type { AppContext } from "../context.js";
import { parse, requireUser } from "../http/index.js";
import { createSubscriptionCanceller } from "../billing/index.js";
import { deleteAccount } from "./account-deletion.js";
import { getNotifications, getPreferences, updateNotifications, updatePreferences } from "./store.js";

export async function settingsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const cancelSubscription = createSubscriptionCanceller(ctx.payments);
  app.get("/api/settings/preferences", async (request) => getPreferences(ctx.db, requireUser(request).id));

  app.put("/api/settings/preferences", async (request) => {
    const user = requireUser(request);
    const patch = parse(preferencesPatchSchema, request.body ?? {});
    return updatePreferences(ctx.db, user.id, patch, ctx.now());
  });

  app.get("/api/settings/notifications", async (request) => getNotifications(ctx.db, requireUser(request).id));

  app.put("/api/settings/notifications", async (request) => {
    const user = requireUser(request);
    const patch = parse(notificationsPatchSchema, request.body ?? {});
    return updateNotifications(ctx.db, user.id, patch, ctx.now());
  });

  const removeAccount = async (request: FastifyRequest, reply: FastifyReply) => {
    const user = requireUser(request);
    const { confirmEmail } = parse(deleteAccountSchema, request.body ?? {});
    await deleteAccount(ctx, user, confirmEmail, cancelSubscription);
    return reply.code(204).send();
  };
  app.delete("/api/account", removeAccount);
  app.post("/api/account/delete", removeAccount);
}

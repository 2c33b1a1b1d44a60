// POST /api/stripe/webhook. Stripe signs the exact bytes it sent, so this scope keeps the
// raw body (its own content-type parser) and verifies before parsing anything.
import type { FastifyInstance } from "fastify";
import type { AppContext } from "../context.js";
import { AppError } from "../http/index.js";
import { checkEventEnvelope, type EventProcessor } from "./events.js";
import { type PaymentProvider, WebhookSignatureError } from "./providers/index.js";

export async function webhookRoutes(app: FastifyInstance, ctx: AppContext, provider: PaymentProvider, events: EventProcessor) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("*", { parseAs: "buffer" }, (_request, body, done) => done(null, body));

  app.post("/api/stripe/webhook", async (request) => {
    const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
    const signature = request.headers["stripe-signature"];
    let event: ReturnType<PaymentProvider["verifyWebhook"]>;
    try {
      event = provider.verifyWebhook(raw, typeof signature === "string" ? signature : undefined, ctx.now());
    } catch (err) {
      if (err instanceof WebhookSignatureError) {
        request.log.warn({ reason: err.message }, "rejected webhook");
        throw new AppError(400, "validation_failed", "Webhook signature verification failed");
      }
      throw err;
    }
    // Signed but malformed (an array, no id, no data) is the sender's mistake: 400.
    event = checkEventEnvelope(event);
    // A failure here is a 500: nothing was recorded, so Stripe's retry applies it later.
    const outcome = await events.process(event);
    request.log.info({ eventId: event.id, type: event.type, outcome }, "webhook processed");
    return { received: true };
  });
}

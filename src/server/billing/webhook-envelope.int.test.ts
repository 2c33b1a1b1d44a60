// A validly signed webhook whose body is not a usable event is the sender's mistake: 400
// with an error body, nothing recorded, and the next good event still goes through.
import Stripe from "stripe";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { stripeEvents } from "../db/schema.js";
import { createTestApp, type TestApp } from "../test/harness.js";

const SECRET = "whsec_test_secret";

describe("signed webhooks with a malformed event", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ STRIPE_SECRET_KEY: "sk_test_123", STRIPE_WEBHOOK_SECRET: SECRET });
  });
  afterAll(async () => t?.close());

  const nowSec = () => Math.floor(t.clock.now.getTime() / 1000);
  const deliver = (payload: string) =>
    t.app.inject({
      method: "POST",
      url: "/api/stripe/webhook",
      headers: {
        "content-type": "application/json; charset=utf-8",
        "stripe-signature": Stripe.webhooks.generateTestHeaderString({ payload, secret: SECRET, timestamp: nowSec() }),
      },
      payload,
    });
  const good = (id: string) => ({ id, object: "event", type: "customer.created", created: nowSec(), data: { object: { id: "cus_1" } } });

  it.each([
    ["an array body", () => JSON.stringify([good("evt_arr")]), /event must be a JSON object/],
    ["no data", () => JSON.stringify({ ...good("evt_nodata"), data: undefined }), /event\.data\.object/],
    ["data without an object", () => JSON.stringify({ ...good("evt_noobj"), data: {} }), /event\.data\.object/],
    ["no id", () => JSON.stringify({ ...good(""), id: undefined }), /event\.id/],
    ["a numeric id", () => JSON.stringify({ ...good(""), id: 42 }), /event\.id/],
    ["a non-numeric created", () => JSON.stringify({ ...good("evt_created"), created: "yesterday" }), /event\.created/],
    ["a created beyond any date", () => JSON.stringify({ ...good("evt_far"), created: 1e300 }), /event\.created/],
    ["a NUL in a field", () => JSON.stringify({ ...good("evt_nul"), data: { object: { id: "cus\u0000" } } }), /event\.data\.object\.id: .*NUL/],
    ["a NUL in the id", () => JSON.stringify(good("evt_\u0000")), /event\.id: .*NUL/],
    ["null", () => "null", /event must be a JSON object/],
  ])("answers 400 to %s", async (_name, payload, message) => {
    const res = await deliver(payload());
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ error: "validation_failed" });
    expect(res.json().message).toMatch(message);
    expect(await t.ctx.db.select().from(stripeEvents)).toEqual([]);
  });

  it("still records a well-formed event afterwards", async () => {
    const res = await deliver(JSON.stringify(good("evt_fine")));
    expect(res.statusCode).toBe(200);
    expect((await t.ctx.db.select().from(stripeEvents)).map((r) => r.id)).toEqual(["evt_fine"]);
  });
});

// A local HTTP stand-in for the Stripe endpoints Draftsmith calls (customers, checkout
// sessions, billing-portal sessions, subscription reads and updates, invoice lists and
// previews, subscription schedules). Tests point the real SDK at it with STRIPE_API_BASE and
// inspect what was sent. Plan changes are prorated the way Stripe documents it: by the
// second, one line per price, credits negative, always_invoice paying the invoice at once.
import http from "node:http";
import type { AddressInfo } from "node:net";

interface StubRequest {
  method: string;
  path: string;
  params: Record<string, string>;
  headers: http.IncomingHttpHeaders;
}

export interface StripeStub {
  url: string;
  requests: StubRequest[];
  sessions: Map<string, Record<string, unknown>>;
  subscriptions: Map<string, Record<string, unknown>>;
  /** Invoices per customer id, newest first (GET /v1/invoices?customer=). */
  invoices: Map<string, Record<string, unknown>[]>;
  /** Unit amount (cents) and interval of each price the stub can prorate. */
  prices: Map<string, { unitAmount: number; interval: "month" | "year"; product: string }>;
  schedules: Map<string, Record<string, unknown>>;
  /** Makes the next N calls fail with a 500 (the SDK retries; use enough to exhaust them). */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startStripeStub(): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>[]>();
  const prices = new Map<string, { unitAmount: number; interval: "month" | "year"; product: string }>();
  const schedules = new Map<string, Record<string, unknown>>();
  let counter = 0;
  let failures = 0;
  const next = (prefix: string) => `${prefix}_stub${++counter}`;

  const server = http.createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stub");
      const params = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : body));
      requests.push({ method: req.method ?? "", path: url.pathname, params, headers: req.headers });
      const send = (status: number, obj: unknown) => {
        res.writeHead(status, { "content-type": "application/json", "request-id": `req_${counter}` });
        res.end(JSON.stringify(obj));
      };
      if (failures > 0) {
        failures--;
        return send(500, { error: { type: "api_error", message: "stub outage" } });
      }
      const missing = () => send(404, { error: { type: "invalid_request_error", message: "No such object", code: "resource_missing" } });
      const p = url.pathname;
      if (req.method === "POST" && p === "/v1/customers") {
        return send(200, { id: next("cus"), object: "customer", email: params.email ?? null, metadata: { userId: params["metadata[userId]"] } });
      }
      if (req.method === "POST" && p === "/v1/checkout/sessions") {
        const id = next("cs_test");
        const session = {
          id,
          object: "checkout.session",
          mode: params.mode,
          status: "open",
          payment_status: "unpaid",
          customer: params.customer ?? null,
          client_reference_id: params.client_reference_id ?? null,
          customer_details: null,
          subscription: null,
          metadata: {},
          url: `https://checkout.stripe.test/c/pay/${id}`,
        };
        sessions.set(id, session);
        return send(200, session);
      }
      const sessionMatch = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(p);
      if (req.method === "GET" && sessionMatch) {
        const s = sessions.get(decodeURIComponent(sessionMatch[1]!));
        return s ? send(200, s) : missing();
      }
      if (req.method === "POST" && p === "/v1/billing_portal/sessions") {
        const id = next("bps");
        return send(200, { id, object: "billing_portal.session", customer: params.customer, url: `https://billing.stripe.test/p/session/${id}` });
      }
      if (req.method === "GET" && p === "/v1/invoices") {
        const data = invoices.get(params.customer ?? "") ?? [];
        const limit = Number(params.limit ?? 10);
        return send(200, { object: "list", url: "/v1/invoices", has_more: data.length > limit, data: data.slice(0, limit) });
      }
      if (req.method === "POST" && p === "/v1/invoices/create_preview") {
        const sub = subscriptions.get(params.subscription ?? "");
        if (!sub) return missing();
        const priceId = params["subscription_details[items][0][price]"]!;
        const at = Number(params["subscription_details[proration_date]"] ?? Math.floor(Date.now() / 1000));
        const { invoice } = prorate(sub, priceId, at, `upcoming_in_stub${++counter}`);
        return send(200, { ...invoice, status: "draft", amount_paid: 0 });
      }
      const scheduleMatch = /^\/v1\/subscription_schedules(?:\/([^/]+))?(\/release)?$/.exec(p);
      if (scheduleMatch) {
        const [, rawId, release] = scheduleMatch;
        if (req.method === "POST" && !rawId) {
          const sub = subscriptions.get(params.from_subscription ?? "");
          if (!sub) return missing();
          const item = itemOf(sub);
          const phase = { start_date: item.current_period_start, end_date: item.current_period_end, items: [{ price: item.price.id, quantity: 1 }] };
          const schedule = {
            id: next("sub_sched"),
            object: "subscription_schedule",
            customer: sub.customer,
            subscription: sub.id,
            status: "active",
            end_behavior: "release",
            current_phase: { start_date: phase.start_date, end_date: phase.end_date },
            phases: [phase],
            released_at: null,
            released_subscription: null,
          };
          schedules.set(schedule.id, schedule);
          subscriptions.set(sub.id as string, { ...sub, schedule: schedule.id });
          return send(200, schedule);
        }
        const id = decodeURIComponent(rawId ?? "");
        const schedule = schedules.get(id);
        if (!schedule) return missing();
        if (req.method === "GET" && !release) return send(200, schedule);
        if (req.method === "POST" && release) {
          if (schedule.status !== "active") return send(400, { error: { type: "invalid_request_error", message: "You cannot release a subscription schedule that is currently in the `released` status." } });
          const released = { ...schedule, status: "released", released_at: Math.floor(Date.now() / 1000), released_subscription: schedule.subscription };
          schedules.set(id, released);
          const sub = subscriptions.get(schedule.subscription as string);
          if (sub) subscriptions.set(sub.id as string, { ...sub, schedule: null });
          return send(200, released);
        }
        if (req.method === "POST") {
          const phases: Record<string, unknown>[] = [];
          for (let i = 0; params[`phases[${i}][items][0][price]`]; i++) {
            const num = (k: string) => (params[`phases[${i}][${k}]`] ? Number(params[`phases[${i}][${k}]`]) : undefined);
            phases.push({
              items: [{ price: params[`phases[${i}][items][0][price]`], quantity: Number(params[`phases[${i}][items][0][quantity]`] ?? 1) }],
              start_date: num("start_date"),
              end_date: num("end_date"),
              ...(params[`phases[${i}][duration][interval]`]
                ? { duration: { interval: params[`phases[${i}][duration][interval]`], interval_count: Number(params[`phases[${i}][duration][interval_count]`] ?? 1) } }
                : {}),
            });
          }
          const updated = { ...schedule, end_behavior: params.end_behavior ?? schedule.end_behavior, ...(phases.length ? { phases } : {}) };
          schedules.set(id, updated);
          return send(200, updated);
        }
      }
      const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(p);
      if (req.method === "POST" && subMatch) {
        const id = decodeURIComponent(subMatch[1]!);
        const sub = subscriptions.get(id);
        if (!sub) return missing();
        const priceId = params["items[0][price]"];
        let updated: Record<string, unknown> = { ...sub };
        if (priceId) {
          if (params["items[0][id]"] !== itemOf(sub).id) return send(400, { error: { type: "invalid_request_error", message: "Invalid subscription item" } });
          const at = Number(params.proration_date ?? Math.floor(Date.now() / 1000));
          const result = prorate(sub, priceId, at, next("in"));
          updated = result.subscription;
          if (params.proration_behavior === "always_invoice") {
            const list = invoices.get(sub.customer as string) ?? [];
            invoices.set(sub.customer as string, [{ ...result.invoice, status: "paid", amount_paid: result.invoice.amount_due }, ...list]);
          }
        }
        if (params.cancel_at_period_end !== undefined) updated.cancel_at_period_end = params.cancel_at_period_end === "true";
        subscriptions.set(id, updated);
        return send(200, updated);
      }
      if (req.method === "GET" && subMatch) {
        const s = subscriptions.get(decodeURIComponent(subMatch[1]!));
        return s ? send(200, s) : missing();
      }
      if (req.method === "DELETE" && subMatch) {
        const s = subscriptions.get(decodeURIComponent(subMatch[1]!));
        if (!s) return missing();
        const canceled = { ...s, status: "canceled" };
        subscriptions.set(decodeURIComponent(subMatch[1]!), canceled);
        return send(200, canceled);
      }
      return send(404, { error: { type: "invalid_request_error", message: `Unrecognized request URL (${req.method}: ${p})` } });
    });
  });
  type Item = { id: string; price: { id: string }; current_period_start: number; current_period_end: number };
  const itemOf = (sub: Record<string, unknown>) => (sub.items as { data: Item[] }).data[0]!;
  const addPeriod = (start: number, interval: "month" | "year") => {
    const d = new Date(start * 1000);
    if (interval === "year") d.setUTCFullYear(d.getUTCFullYear() + 1);
    else d.setUTCMonth(d.getUTCMonth() + 1);
    return Math.floor(d.getTime() / 1000);
  };
  const day = (s: number) => new Date(s * 1000).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

  /**
   * Stripe's proration of a price change at `at`: the unused time of the old price is
   * credited and the rest of the period is charged at the new price; a change of interval
   * starts a new period at `at`, charged in full.
   */
  function prorate(sub: Record<string, unknown>, priceId: string, at: number, invoiceId: string) {
    const item = itemOf(sub);
    const from = prices.get(item.price.id);
    const to = prices.get(priceId);
    if (!from || !to) throw new Error(`stub: unknown price ${item.price.id} or ${priceId}`);
    const start = item.current_period_start;
    const end = item.current_period_end;
    const fraction = (end - at) / (end - start);
    const credit = -Math.round(from.unitAmount * fraction);
    const line = (amount: number, description: string, period: { start: number; end: number }, price: string, proration: boolean) => ({
      id: `il_stub${++counter}`,
      object: "line_item",
      amount,
      currency: "usd",
      description,
      period,
      parent: { type: "subscription_item_details", subscription_item_details: { proration, subscription: sub.id, subscription_item: item.id } },
      pricing: { type: "price_details", price_details: { price, product: "prod_stub" } },
    });
    const resets = from.interval !== to.interval;
    const newEnd = resets ? addPeriod(at, to.interval) : end;
    const lines = [
      line(credit, `Unused time on ${from.product} after ${day(at)}`, { start: at, end }, item.price.id, true),
      resets
        ? line(to.unitAmount, `1 × ${to.product} (at $${(to.unitAmount / 100).toFixed(2)} / ${to.interval})`, { start: at, end: newEnd }, priceId, false)
        : line(Math.round(to.unitAmount * fraction), `Remaining time on ${to.product} after ${day(at)}`, { start: at, end }, priceId, true),
    ];
    const total = lines.reduce((sum, l) => sum + l.amount, 0);
    const invoice = {
      id: invoiceId,
      object: "invoice",
      customer: sub.customer,
      created: at,
      currency: "usd",
      total,
      amount_due: Math.max(0, total),
      hosted_invoice_url: `https://invoice.stripe.test/i/${invoiceId}`,
      invoice_pdf: null,
      parent: { type: "subscription_details", subscription_details: { subscription: sub.id } },
      subscription_proration_date: at,
      lines: { object: "list", data: lines },
    };
    const subscription = {
      ...sub,
      items: { object: "list", data: [{ ...item, price: { id: priceId, object: "price" }, current_period_start: resets ? at : start, current_period_end: newEnd }] },
    };
    return { invoice, subscription };
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    invoices,
    prices,
    schedules,
    failNext(n) {
      failures = n;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A Stripe subscription object as the current API shapes it (period on the item). */
export function stripeSubscription(o: {
  id: string;
  customer: string;
  priceId: string;
  status?: string;
  periodEnd: number;
  periodStart?: number;
  cancelAtPeriodEnd?: boolean;
  metadata?: Record<string, string>;
}) {
  return {
    id: o.id,
    object: "subscription",
    customer: o.customer,
    status: o.status ?? "active",
    cancel_at_period_end: o.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    metadata: o.metadata ?? {},
    items: {
      object: "list",
      data: [
        {
          id: `si_${o.id}`,
          object: "subscription_item",
          price: { id: o.priceId, object: "price" },
          ...(o.periodStart !== undefined ? { current_period_start: o.periodStart } : {}),
          current_period_end: o.periodEnd,
        },
      ],
    },
  };
}

/** A paid Stripe invoice for one subscription period (the fields the billing portal lists). */
export function stripeInvoice(o: { id: string; customer: string; priceId: string; amount: number; created: number; status?: string }) {
  return {
    id: o.id,
    object: "invoice",
    customer: o.customer,
    created: o.created,
    currency: "usd",
    status: o.status ?? "paid",
    total: o.amount,
    amount_paid: o.status && o.status !== "paid" ? 0 : o.amount,
    hosted_invoice_url: `https://invoice.stripe.test/i/${o.id}`,
    invoice_pdf: `https://pay.stripe.test/invoice/${o.id}/pdf`,
    lines: { object: "list", data: [{ id: `il_${o.id}`, object: "line_item", description: "1 × Plan", price: { id: o.priceId, object: "price" } }] },
  };
}

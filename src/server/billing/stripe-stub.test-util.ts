// A local HTTP stand-in for the Stripe endpoints Draftsmith calls (customers, checkout
// sessions, billing-portal sessions, subscription reads, invoice lists). Tests point the real SDK at it
// with STRIPE_API_BASE and inspect what was sent.
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
  /** Makes the next N calls fail with a 500 (the SDK retries; use enough to exhaust them). */
  failNext(n: number): void;
  close(): Promise<void>;
}

export async function startStripeStub(): Promise<StripeStub> {
  const requests: StubRequest[] = [];
  const sessions = new Map<string, Record<string, unknown>>();
  const subscriptions = new Map<string, Record<string, unknown>>();
  const invoices = new Map<string, Record<string, unknown>[]>();
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
      const subMatch = /^\/v1\/subscriptions\/([^/]+)$/.exec(p);
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
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    sessions,
    subscriptions,
    invoices,
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
      data: [{ id: `si_${o.id}`, object: "subscription_item", price: { id: o.priceId, object: "price" }, current_period_end: o.periodEnd }],
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

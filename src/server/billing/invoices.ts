// Invoices: the built-in checkout records one per paid period in the invoices table
// (migrations/0060_invoices.sql); with Stripe they are read from Stripe through the SDK
// (providers/stripe.ts listInvoices) and their receipts are Stripe's hosted pages.
import { and, desc, eq } from "drizzle-orm";
import type { InvoiceRecord, InvoicesResponse } from "../../shared/contracts/billing.js";
import { type BillingInterval, PLANS, isBillingInterval, isPlanId, planPrice } from "../../shared/plans.js";
import type { AppContext } from "../context.js";
import type { DbOrTx } from "../db/index.js";
import { checkoutSessions, invoices, users } from "../db/index.js";
import { notFound } from "../http/index.js";
import { priceInfo } from "./catalogue.js";
import type { PaymentProvider } from "./providers/index.js";
import { randomId } from "./providers/builtin.js";
import { findSubscriptionRow } from "./subscription-state.js";

/** The end of a billing period that starts at `start`. */
export function addInterval(start: Date, interval: BillingInterval): Date {
  const next = new Date(start);
  if (interval === "year") next.setUTCFullYear(next.getUTCFullYear() + 1);
  else next.setUTCMonth(next.getUTCMonth() + 1);
  // 31 Jan + 1 month (or 29 Feb + 1 year) overflows: clamp to the month's last day instead.
  if (next.getUTCDate() !== start.getUTCDate()) next.setUTCDate(0);
  return next;
}

export interface NewInvoice {
  userId: string;
  subscriptionId: string | null;
  checkoutSessionId?: string | null;
  plan: string;
  interval: BillingInterval;
  periodStart: Date;
  periodEnd: Date;
  at: Date;
  /** What was charged, in cents, when it is not the plan's full price (a prorated change). */
  amountCents?: number;
  /** The lines of a prorated change: the credit (negative) and the charge. */
  lines?: { description: string; amountCents: number }[];
}

/** Records a paid built-in invoice; a checkout's invoice is written once however often it is replayed. */
export async function recordInvoice(db: DbOrTx, inv: NewInvoice): Promise<void> {
  const dollars = isPlanId(inv.plan) ? planPrice(inv.plan, inv.interval) : 0;
  await db
    .insert(invoices)
    .values({
      id: randomId("in_local"),
      userId: inv.userId,
      provider: "builtin",
      subscriptionId: inv.subscriptionId,
      checkoutSessionId: inv.checkoutSessionId ?? null,
      plan: inv.plan,
      billingInterval: inv.interval,
      amountCents: inv.amountCents ?? Math.round(dollars * 100),
      lines: inv.lines ?? null,
      currency: "usd",
      status: "paid",
      periodStart: inv.periodStart,
      periodEnd: inv.periodEnd,
      createdAt: inv.at,
    })
    .onConflictDoNothing();
}

/** The invoice of a completed built-in checkout, for the user the completion linked it to. */
export async function recordCheckoutInvoice(
  db: DbOrTx,
  sessionId: string,
  inv: Omit<NewInvoice, "userId" | "checkoutSessionId">,
): Promise<void> {
  const [row] = await db
    .select({ userId: checkoutSessions.userId, status: checkoutSessions.status })
    .from(checkoutSessions)
    .where(eq(checkoutSessions.id, sessionId));
  if (!row?.userId || row.status !== "complete") return;
  await recordInvoice(db, { ...inv, userId: row.userId, checkoutSessionId: sessionId });
}

const planLabel = (plan: string) => (isPlanId(plan) ? PLANS[plan].name : plan);
const receiptPath = (id: string) => `/api/stripe/invoices/${encodeURIComponent(id)}/receipt`;

/** A Stripe invoice (any API version) as the portal lists it. */
function presentStripeInvoice(ctx: AppContext, raw: unknown): InvoiceRecord | null {
  if (!raw || typeof raw !== "object") return null;
  const inv = raw as Record<string, unknown>;
  if (typeof inv.id !== "string") return null;
  const allLines = ((inv.lines as { data?: unknown[] } | undefined)?.data ?? []) as Record<string, unknown>[];
  // A plan change's invoice credits the old price first and charges the new one last: it is named after the new plan.
  const line = (allLines.length > 1 ? allLines.at(-1) : allLines[0]) ?? {};
  // Older API versions put the price on the line; newer ones under pricing.price_details.
  const priceId =
    (line.price as { id?: string } | undefined)?.id ??
    ((line.pricing as { price_details?: { price?: string } } | undefined)?.price_details?.price ?? null);
  const info = priceInfo(ctx.config, priceId);
  const amount = typeof inv.amount_paid === "number" && inv.status === "paid" ? inv.amount_paid : inv.total;
  const receipt = typeof inv.hosted_invoice_url === "string" ? inv.hosted_invoice_url : typeof inv.invoice_pdf === "string" ? inv.invoice_pdf : null;
  // A plan change's invoice (Stripe's proration): every line, credits negative.
  const prorated = allLines.length > 1 || allLines.some((l) => isProration(l));
  return {
    id: inv.id,
    date: new Date((typeof inv.created === "number" ? inv.created : 0) * 1000).toISOString(),
    planName: info ? PLANS[info.plan].name : typeof line.description === "string" ? line.description : "Subscription",
    interval: info?.interval ?? null,
    amount: (typeof amount === "number" ? amount : 0) / 100,
    currency: typeof inv.currency === "string" ? inv.currency : "usd",
    status: typeof inv.status === "string" ? inv.status : "open",
    receiptUrl: receipt,
    receiptIsLocal: false,
    ...(prorated
      ? {
          lines: allLines.map((l) => ({
            description: typeof l.description === "string" ? l.description : "",
            amount: (typeof l.amount === "number" ? l.amount : 0) / 100,
          })),
        }
      : {}),
  };
}

function isProration(line: Record<string, unknown>): boolean {
  const parent = line.parent as { subscription_item_details?: { proration?: unknown } } | undefined;
  return parent?.subscription_item_details?.proration === true || line.proration === true;
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
const day = (d: Date) => d.toISOString().slice(0, 10);

export function createInvoices(ctx: AppContext, provider: PaymentProvider) {
  return {
    async list(userId: string): Promise<InvoicesResponse> {
      if (provider.kind === "stripe") {
        const row = await findSubscriptionRow(ctx.db, userId);
        if (!row?.customerId || row.provider !== "stripe") return { invoices: [] };
        const raw = await provider.listInvoices(row.customerId);
        return { invoices: raw.map((r) => presentStripeInvoice(ctx, r)).filter((r): r is InvoiceRecord => r !== null) };
      }
      const rows = await ctx.db
        .select()
        .from(invoices)
        .where(eq(invoices.userId, userId))
        .orderBy(desc(invoices.createdAt))
        .limit(100);
      return {
        invoices: rows.map((r) => ({
          id: r.id,
          date: r.createdAt.toISOString(),
          planName: planLabel(r.plan),
          interval: isBillingInterval(r.billingInterval) ? r.billingInterval : null,
          amount: r.amountCents / 100,
          currency: r.currency,
          status: r.status,
          receiptUrl: receiptPath(r.id),
          receiptIsLocal: true,
          ...(r.lines?.length ? { lines: r.lines.map((l) => ({ description: l.description, amount: l.amountCents / 100 })) } : {}),
        })),
      };
    },

    /** An HTML receipt for one of the user's own invoices; anyone else's is a 404. */
    async receipt(userId: string, invoiceId: string): Promise<{ filename: string; html: string }> {
      const [row] = await ctx.db
        .select({ invoice: invoices, email: users.email, fullName: users.fullName })
        .from(invoices)
        .innerJoin(users, eq(users.id, invoices.userId))
        .where(and(eq(invoices.id, invoiceId), eq(invoices.userId, userId)));
      if (!row) throw notFound("Invoice not found");
      const inv = row.invoice;
      const amount = `$${(inv.amountCents / 100).toFixed(2)} ${inv.currency.toUpperCase()}`;
      const billed = inv.billingInterval === "year" ? "Billed annually" : "Billed monthly";
      const number = inv.id.replace(/^in_local_/, "").slice(0, 12).toUpperCase();
      const cells: [string, string][] = [
        ["Receipt number", number],
        ["Date paid", day(inv.createdAt)],
        ["Billed to", row.fullName ? `${row.fullName} <${row.email}>` : row.email],
        ["Plan", `Draftsmith ${planLabel(inv.plan)} (${billed})`],
        ["Period", `${day(inv.periodStart)} – ${day(inv.periodEnd)}`],
        ...(inv.lines ?? []).map((l): [string, string] => [l.description, `${l.amountCents < 0 ? "−" : ""}$${(Math.abs(l.amountCents) / 100).toFixed(2)}`]),
        ["Amount paid", amount],
        ["Status", inv.status],
      ];
      const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Draftsmith receipt ${escapeHtml(number)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:36rem;margin:2rem auto;color:#111}th{text-align:left;padding:.4rem 1rem .4rem 0;color:#555;font-weight:500}td{padding:.4rem 0}</style>
</head><body>
<h1>Receipt from Draftsmith</h1>
<p>Test payment through the built-in checkout: no card was charged.</p>
<table>${cells.map(([k, v]) => `<tr><th scope="row">${escapeHtml(k)}</th><td>${escapeHtml(v)}</td></tr>`).join("")}</table>
</body></html>
`;
      return { filename: `draftsmith-receipt-${number}.html`, html };
    },
  };
}

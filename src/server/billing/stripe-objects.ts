// Readers for the Stripe-shaped objects billing events carry. The same shapes come from
// Stripe (webhooks, API reads) and from the built-in test checkout, so one set of handlers
// serves both. Readers are lenient about API-version differences (period end on the
// subscription items in current versions, on the subscription in older ones).
type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => !!v && typeof v === "object" && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v ? v : null);
const num = (v: unknown): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);
/** An id field that may be expanded into an object. */
const idOf = (v: unknown): string | null => str(v) ?? (isObj(v) ? str(v.id) : null);
const fromUnix = (s: number | null): Date | null => (s === null ? null : new Date(s * 1000));
const listData = (v: unknown): Obj[] => (isObj(v) && Array.isArray(v.data) ? v.data.filter(isObj) : []);
const metadataOf = (v: unknown): Record<string, string> => {
  if (!isObj(v)) return {};
  const out: Record<string, string> = {};
  for (const [k, val] of Object.entries(v)) if (typeof val === "string") out[k] = val;
  return out;
};

export interface SubscriptionView {
  id: string;
  customerId: string | null;
  status: string;
  priceId: string | null;
  currentPeriodEnd: Date | null;
  currentPeriodStart: Date | null;
  cancelAtPeriodEnd: boolean;
  metadata: Record<string, string>;
  /** The first item's id (a plan change updates it) and the schedule managing the subscription. */
  itemId: string | null;
  scheduleId: string | null;
}

export function readSubscription(v: unknown): SubscriptionView | null {
  if (!isObj(v) || !str(v.id)) return null;
  const items = listData(v.items);
  const price = items[0]?.price;
  const ends = [num(v.current_period_end), ...items.map((i) => num(i.current_period_end))].filter((n): n is number => n !== null);
  const starts = [num(v.current_period_start), ...items.map((i) => num(i.current_period_start))].filter((n): n is number => n !== null);
  const status = str(v.status) ?? "incomplete";
  // Newer portals schedule cancellation with cancel_at instead of cancel_at_period_end.
  const cancelScheduled = v.cancel_at_period_end === true || (num(v.cancel_at) !== null && status !== "canceled");
  return {
    id: str(v.id)!,
    customerId: idOf(v.customer),
    status,
    priceId: idOf(price),
    currentPeriodEnd: ends.length ? fromUnix(Math.max(...ends)) : null,
    currentPeriodStart: starts.length ? fromUnix(Math.max(...starts)) : null,
    cancelAtPeriodEnd: cancelScheduled,
    metadata: metadataOf(v.metadata),
    itemId: str(items[0]?.id),
    scheduleId: idOf(v.schedule),
  };
}

export interface CheckoutSessionView {
  id: string;
  mode: string | null;
  status: string | null;
  paymentStatus: string | null;
  customerId: string | null;
  email: string | null;
  name: string | null;
  clientReferenceId: string | null;
  subscriptionId: string | null;
  /** The subscription when the object carries it expanded. */
  subscription: SubscriptionView | null;
  metadata: Record<string, string>;
}

export function readCheckoutSession(v: unknown): CheckoutSessionView | null {
  if (!isObj(v) || !str(v.id)) return null;
  const details = isObj(v.customer_details) ? v.customer_details : {};
  const email = str(details.email) ?? str(v.customer_email);
  return {
    id: str(v.id)!,
    mode: str(v.mode),
    status: str(v.status),
    paymentStatus: str(v.payment_status),
    customerId: idOf(v.customer),
    email: email ? email.trim().toLowerCase() : null,
    name: str(details.name),
    clientReferenceId: str(v.client_reference_id),
    subscriptionId: idOf(v.subscription),
    subscription: isObj(v.subscription) ? readSubscription(v.subscription) : null,
    metadata: metadataOf(v.metadata),
  };
}

export const isPaid = (s: CheckoutSessionView) =>
  s.status === "complete" && (s.paymentStatus === "paid" || s.paymentStatus === "no_payment_required");

export interface InvoiceView {
  id: string;
  subscriptionId: string | null;
  customerId: string | null;
  periodEnd: Date | null;
}

export function readInvoice(v: unknown): InvoiceView | null {
  if (!isObj(v) || !str(v.id)) return null;
  const parent = isObj(v.parent) ? v.parent : {};
  const details = isObj(parent.subscription_details) ? parent.subscription_details : {};
  const ends = listData(v.lines)
    .map((l) => (isObj(l.period) ? num(l.period.end) : null))
    .filter((n): n is number => n !== null);
  return {
    id: str(v.id)!,
    subscriptionId: idOf(details.subscription) ?? idOf(v.subscription),
    customerId: idOf(v.customer),
    periodEnd: ends.length ? fromUnix(Math.max(...ends)) : null,
  };
}

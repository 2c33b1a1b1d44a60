import { useQuery } from "@tanstack/react-query";
import type { PlanChangePreview, PlanChangeRequest } from "../../../shared/contracts/billing";
import { type BillingInterval, PLANS, type PlanId } from "../../../shared/plans";
import { ConfirmDialog } from "../../components/ui/confirm-dialog";
import { Skeleton } from "../../components/ui/skeleton";
import { apiJson } from "../../lib/api";
import { formatDate, formatPrice, serverMessage } from "./format";

export interface PlanChoice {
  plan: "creator" | "professional";
  interval: BillingInterval;
}

const per = (i: BillingInterval) => (i === "year" ? "/ year" : "/ month");
const billed = (i: BillingInterval) => (i === "year" ? "annual" : "monthly");

/** "Switch to Creator?" or, on the same plan, "Switch to annual billing?". */
function titleOf(choice: PlanChoice, current: PlanId) {
  return choice.plan === current ? `Switch to ${billed(choice.interval)} billing?` : `Switch to ${PLANS[choice.plan].name}?`;
}

/**
 * Confirms a plan change with what it costs: the server's preview (the same pricing the
 * change uses) says what is charged now, the credit for unused time, and from when.
 */
export function PlanChangeDialog({
  choice,
  current,
  busy,
  onCancel,
  onConfirm,
}: {
  choice: PlanChoice | null;
  current: PlanId;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (req: PlanChangeRequest) => void;
}) {
  const preview = useQuery({
    queryKey: ["/api/billing/change-preview", choice?.plan, choice?.interval],
    queryFn: ({ signal }) => apiJson<PlanChangePreview>("POST", "/api/billing/change-preview", choice, { signal }),
    enabled: !!choice,
    staleTime: 0,
    gcTime: 0,
  });
  const p = preview.data;
  const currentName = PLANS[current].name;
  const newName = choice ? PLANS[choice.plan].name : "";

  let description: string;
  let confirmLabel = "Switch";
  if (!choice || preview.isPending) description = "Working out the price...";
  else if (preview.isError || !p) description = serverMessage(preview.error, "The price of this change could not be worked out. Please try again.");
  else if (p.timing === "now") {
    description = `You pay ${formatPrice(p.amountDue)} now and ${newName} (${billed(p.interval)}) starts today.`;
    confirmLabel = `Pay ${formatPrice(p.amountDue)} and switch`;
  } else {
    description = `Nothing is charged now. Your ${currentName} plan stays until ${formatDate(p.effectiveAt)}; ${newName} starts then.`;
    confirmLabel = `Switch on ${formatDate(p.effectiveAt)}`;
  }

  return (
    <ConfirmDialog
      open={!!choice}
      onOpenChange={(open) => {
        if (!open && !busy) onCancel();
      }}
      title={choice ? titleOf(choice, current) : ""}
      description={description}
      cancelLabel="Cancel"
      confirmLabel={busy ? "Processing..." : confirmLabel}
      busy={busy || !p}
      stayOpenOnConfirm
      onCancel={onCancel}
      onConfirm={() => {
        if (choice && p) onConfirm({ plan: choice.plan, interval: choice.interval, prorationDate: p.prorationDate });
      }}
    >
      <div data-testid="plan-change-summary" className="space-y-3 text-sm">
        {preview.isPending && choice ? (
          <Skeleton className="h-20 w-full" />
        ) : p ? (
          <>
            {p.timing === "now" && p.lines.length > 0 && (
              <dl className="divide-y rounded-lg border">
                {p.lines.map((l) => (
                  <div key={l.description} className="flex items-start justify-between gap-4 px-3 py-2">
                    <dt className="text-muted-foreground">{l.description}</dt>
                    <dd className="shrink-0 tabular-nums">{l.amount < 0 ? `−${formatPrice(-l.amount)}` : formatPrice(l.amount)}</dd>
                  </div>
                ))}
                <div className="flex items-start justify-between gap-4 px-3 py-2 font-semibold">
                  <dt>Due today</dt>
                  <dd className="shrink-0 tabular-nums" data-testid="amount-due">
                    {formatPrice(p.amountDue)}
                  </dd>
                </div>
              </dl>
            )}
            <p data-testid="next-charge" className="text-center sm:text-left">
              {p.timing === "now"
                ? `Then ${formatPrice(p.nextChargeAmount)} ${per(p.interval)}, next charged on ${formatDate(p.nextChargeAt)}.`
                : `From ${formatDate(p.effectiveAt)} you pay ${formatPrice(p.nextChargeAmount)} ${per(p.interval)} for ${newName}. You can cancel this change until then.`}
            </p>
          </>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}

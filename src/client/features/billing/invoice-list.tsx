import { useQuery } from "@tanstack/react-query";
import { Download, ExternalLink } from "lucide-react";
import { useState } from "react";
import type { InvoiceRecord, InvoicesResponse } from "../../../shared/contracts/billing";
import { Badge } from "../../components/ui/badge";
import { Button } from "../../components/ui/button";
import { Skeleton } from "../../components/ui/skeleton";
import { apiJson, apiRequest } from "../../lib/api";
import { toast } from "../../lib/toast";
import { formatDate, formatPrice, serverMessage } from "./format";

export const INVOICES_QUERY_KEY = ["/api/stripe/invoices"] as const;

/** The receipt route needs the bearer token, so it is fetched and saved rather than linked. */
async function downloadReceipt(invoice: InvoiceRecord): Promise<void> {
  if (!invoice.receiptUrl) return;
  const res = await apiRequest("GET", invoice.receiptUrl);
  const name = /filename="([^"]+)"/.exec(res.headers.get("content-disposition") ?? "")?.[1] ?? `receipt-${invoice.id}.html`;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke after the click has handed the blob to the download.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/** Invoices of the billing portal: date, plan, amount and status, with a receipt per invoice. */
export function InvoiceList() {
  const invoices = useQuery({
    queryKey: INVOICES_QUERY_KEY,
    queryFn: ({ signal }) => apiJson<InvoicesResponse>("GET", INVOICES_QUERY_KEY[0], undefined, { signal }),
  });
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(invoice: InvoiceRecord) {
    setDownloading(invoice.id);
    try {
      await downloadReceipt(invoice);
    } catch (err) {
      toast({ title: "Receipt Error", description: serverMessage(err, "The receipt could not be downloaded. Please try again."), variant: "destructive" });
    } finally {
      setDownloading(null);
    }
  }

  return (
    <section aria-labelledby="invoices-heading" className="space-y-3">
      <h2 id="invoices-heading" className="text-lg font-semibold">
        Invoices
      </h2>
      {invoices.isPending ? (
        <Skeleton className="h-16 w-full" />
      ) : invoices.isError ? (
        <p role="alert" className="text-sm text-muted-foreground">
          Your invoices could not be loaded.{" "}
          <button type="button" className="font-medium text-primary underline-offset-4 hover:underline" onClick={() => void invoices.refetch()}>
            Try again
          </button>
        </p>
      ) : invoices.data.invoices.length === 0 ? (
        <p className="text-sm text-muted-foreground">No invoices yet.</p>
      ) : (
        // relative: the header's screen-reader-only text stays inside the scrolling box instead of widening the page on a phone.
        <div className="relative overflow-x-auto rounded-lg border">
          <table className="w-full text-sm">
            <thead className="bg-muted/50 text-left text-muted-foreground">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">Date</th>
                <th scope="col" className="px-4 py-2 font-medium">Plan</th>
                <th scope="col" className="px-4 py-2 font-medium">Amount</th>
                <th scope="col" className="px-4 py-2 font-medium">Status</th>
                <th scope="col" className="px-4 py-2 font-medium"><span className="sr-only">Receipt</span></th>
              </tr>
            </thead>
            <tbody>
              {invoices.data.invoices.map((inv) => (
                <tr key={inv.id} className="border-t" data-testid="invoice-row">
                  <td className="px-4 py-2 whitespace-nowrap">{formatDate(inv.date)}</td>
                  <td className="px-4 py-2">
                    {inv.planName}
                    {inv.interval && <span className="text-muted-foreground">{inv.interval === "year" ? " · annual" : " · monthly"}</span>}
                    {inv.lines && (
                      <ul className="mt-1 space-y-0.5 text-xs text-muted-foreground" data-testid="invoice-lines">
                        {inv.lines.map((l) => (
                          <li key={l.description}>
                            {l.description}: {l.amount < 0 ? `−${formatPrice(-l.amount)}` : formatPrice(l.amount)}
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    {formatPrice(inv.amount)}
                    {inv.currency.toLowerCase() !== "usd" && ` ${inv.currency.toUpperCase()}`}
                  </td>
                  <td className="px-4 py-2">
                    <Badge variant={inv.status === "paid" ? "success" : "secondary"} className="capitalize">
                      {inv.status}
                    </Badge>
                  </td>
                  <td className="px-4 py-2 text-right">
                    {inv.receiptUrl &&
                      (inv.receiptIsLocal ? (
                        <Button size="sm" variant="outline" disabled={downloading === inv.id} onClick={() => void download(inv)}>
                          <Download aria-hidden="true" />
                          {downloading === inv.id ? "Downloading..." : "Receipt"}
                        </Button>
                      ) : (
                        <Button asChild size="sm" variant="outline">
                          <a href={inv.receiptUrl} target="_blank" rel="noreferrer noopener">
                            <ExternalLink aria-hidden="true" />
                            Receipt
                          </a>
                        </Button>
                      ))}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

// Invoice routes of the billing portal: the signed-in user's invoices and, for built-in
// invoices, a downloadable HTML receipt. Scoping to the owner happens in SQL (./invoices.ts).
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { AppContext } from "../context.js";
import { parse, requireUser } from "../http/index.js";
import { createInvoices } from "./invoices.js";
import type { PaymentProvider } from "./providers/index.js";

const invoiceParam = z.object({ id: z.string().min(1).max(200) });

export async function invoiceRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  provider: PaymentProvider,
  /** Applies a plan change that has come due (built-in checkout), so its invoice is listed. */
  applyDue: (userId: string) => Promise<void> = async () => {},
): Promise<void> {
  const invoices = createInvoices(ctx, provider);

  app.get("/api/stripe/invoices", async (request) => {
    const user = requireUser(request);
    await applyDue(user.id);
    return invoices.list(user.id);
  });

  app.get("/api/stripe/invoices/:id/receipt", async (request, reply) => {
    const user = requireUser(request);
    const { id } = parse(invoiceParam, request.params);
    const receipt = await invoices.receipt(user.id, id);
    return reply
      .header("content-type", "text/html; charset=utf-8")
      .header("content-disposition", `attachment; filename="${receipt.filename}"`)
      .header("cache-control", "private, no-store")
      .send(receipt.html);
  });
}

import { useEffect, useState } from "react";
import type { PlansResponse } from "../../shared/contracts/billing";
import { apiJson } from "../lib/api";

/**
 * On every page (rendered once in app.tsx) while a production server runs the built-in test
 * checkout (PAYMENTS=test): nobody should think a plan bought there was paid for. It asks the
 * plan catalogue once itself rather than through Query, which the landing page's first view
 * does not load (lib/query-client-slot.ts).
 */
export function TestModeBanner() {
  const [testMode, setTestMode] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    apiJson<PlansResponse>("GET", "/api/stripe/plans", undefined, { signal: controller.signal })
      .then((plans) => setTestMode(!!plans.testMode))
      .catch(() => {
        // No banner when the catalogue cannot be read; the pricing cards say why.
      });
    return () => controller.abort();
  }, []);
  if (!testMode) return null;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 bg-amber-300 py-1 text-center text-sm font-medium text-black">
      Test mode: no real payments
    </div>
  );
}

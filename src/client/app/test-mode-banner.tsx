import { usePlans } from "../lib/plans-query";

/**
 * On every page (rendered once in app.tsx) while a production server runs the built-in test
 * checkout (PAYMENTS=test): nobody should think a plan bought there was paid for.
 */
export function TestModeBanner() {
  const plans = usePlans();
  if (!plans.data?.testMode) return null;
  return (
    <div role="status" className="pointer-events-none fixed inset-x-0 bottom-0 z-50 bg-amber-300 py-1 text-center text-sm font-medium text-black">
      Test mode: no real payments
    </div>
  );
}

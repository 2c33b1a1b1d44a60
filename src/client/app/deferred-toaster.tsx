import { Suspense, useEffect, useState } from "react";
import { useToasts } from "../lib/toast";
import { lazyPart } from "../lib/lazy-part";

// Radix Toast is ~10 KB gzip; the landing page rarely needs it, so the <Toaster/>
// chunk loads when the first toast is raised (the store already holds it by then).
const Toaster = lazyPart(() => import("../components/ui/toast").then((m) => ({ default: m.Toaster })));

/** Mounts <Toaster/> on the first toast and keeps it mounted afterwards (F8, exit animations). */
export function DeferredToaster() {
  const hasToasts = useToasts().length > 0;
  const [mounted, setMounted] = useState(false);
  useEffect(() => {
    if (hasToasts) setMounted(true);
  }, [hasToasts]);
  if (!mounted && !hasToasts) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}

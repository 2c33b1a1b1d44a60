import { Loader2 } from "lucide-react";
import { cn } from "../../lib/cn";

/** An announced loading indicator; `label` is read by screen readers. */
export function Spinner({ className, label = "Loading" }: { className?: string; label?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <Loader2 aria-hidden="true" className={cn("size-6 animate-spin text-muted-foreground", className)} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centered spinner filling the viewport, for route and auth loading. */
export function FullPageSpinner({ label = "Loading" }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner label={label} className="size-8" />
    </div>
  );
}

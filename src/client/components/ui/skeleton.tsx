import type * as React from "react";
import { cn } from "../../lib/cn";

/** A loading placeholder; hidden from assistive tech (announce loading on the container instead). */
export function Skeleton({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn("animate-pulse rounded-md bg-muted", className)} {...props} />;
}

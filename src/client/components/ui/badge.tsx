import type * as React from "react";
import { cn } from "../../lib/cn";

export type BadgeVariant = "default" | "secondary" | "destructive" | "outline" | "success";

const variants: Record<BadgeVariant, string> = {
  default: "border-transparent bg-primary text-primary-foreground",
  secondary: "border-transparent bg-secondary text-secondary-foreground",
  destructive: "border-transparent bg-destructive text-destructive-foreground",
  outline: "text-foreground",
  success: "border-transparent bg-success text-white dark:text-black",
};

export function Badge({ className, variant = "default", ...props }: React.ComponentProps<"span"> & { variant?: BadgeVariant }) {
  return (
    <span
      data-slot="badge"
      className={cn(
        "inline-flex w-fit shrink-0 items-center justify-center gap-1 whitespace-nowrap rounded-md border px-2 py-0.5 text-xs font-medium [&>svg]:size-3",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

import { X } from "lucide-react";
import { Toast as ToastPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX, type ToastVariant, dismissToast, useToasts } from "../../lib/toast";
import { dismissDialogAt } from "./dialog-behaviour";

const variants: Record<ToastVariant, string> = {
  default: "border bg-background text-foreground",
  destructive: "border-destructive bg-destructive text-destructive-foreground",
};

function ToastCard({
  variant = "default",
  className,
  ...props
}: React.ComponentProps<typeof ToastPrimitive.Root> & { variant?: ToastVariant }) {
  return (
    <ToastPrimitive.Root
      className={cn(
        "group pointer-events-auto relative flex w-full items-start justify-between gap-3 overflow-hidden rounded-md p-4 pr-8 shadow-lg transition-transform",
        "data-[state=open]:animate-toast-in data-[state=closed]:animate-toast-out",
        "data-[swipe=move]:translate-x-(--radix-toast-swipe-move-x) data-[swipe=cancel]:translate-x-0 data-[swipe=end]:translate-x-(--radix-toast-swipe-end-x) data-[swipe=end]:animate-fade-out",
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

/**
 * Renders the toast store (lib/toast.ts) with Radix Toast. Spec §9: 5000 ms default
 * duration, swipe right past 50 px to dismiss, F8 focuses the region (Radix default hotkey).
 */
export function Toaster() {
  const toasts = useToasts();
  return (
    <ToastPrimitive.Provider duration={TOAST_DURATION_MS} swipeDirection="right" swipeThreshold={TOAST_SWIPE_THRESHOLD_PX} label="Notification">
      {toasts.map((t) => (
        <ToastCard
          key={t.id}
          open={t.open}
          duration={t.duration}
          variant={t.variant}
          // Errors are announced assertively; other notices politely.
          type={t.variant === "destructive" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.id);
          }}
          // An Escape pressed in a dialog is for the dialog, even though the toast opened
          // later; the toast stays until it times out (dialog-behaviour.ts).
          onEscapeKeyDown={(e) => {
            if (dismissDialogAt(e.target)) e.preventDefault();
          }}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
            {t.description && <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>}
            {t.action && (
              <ToastPrimitive.Action
                altText={t.action.label}
                onClick={t.action.onClick}
                className="mt-1 justify-self-start rounded-md border px-3 py-1 text-sm font-medium hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring outline-hidden"
              >
                {t.action.label}
              </ToastPrimitive.Action>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 outline-hidden hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring"
          >
            <X aria-hidden="true" className="size-4" />
          </ToastPrimitive.Close>
        </ToastCard>
      ))}
      {/* Top on phones (away from the keyboard and thumbs), bottom-right from sm up. */}
      <ToastPrimitive.Viewport
        hotkey={["F8"]}
        className="fixed top-0 right-0 z-[100] flex max-h-dvh w-full flex-col-reverse gap-2 p-4 outline-hidden sm:top-auto sm:bottom-0 sm:max-w-[420px] sm:flex-col"
      />
    </ToastPrimitive.Provider>
  );
}

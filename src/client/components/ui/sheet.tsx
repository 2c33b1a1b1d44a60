// A panel that slides in from an edge of the screen: Radix Dialog underneath (focus moves
// in and is trapped while open, Escape and the overlay close it, focus returns to the
// opener: dialog-behaviour.ts), styled like components/ui/dialog.tsx. Used for panels that sit beside the
// content on a wide screen but would squeeze it on a phone (features/editor/side-panel.tsx).
import { X } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import type * as React from "react";
import { cn } from "../../lib/cn";
import { Dialog, DialogOverlay, DialogTitle } from "./dialog";
import { useDialogContent } from "./dialog-behaviour";

export const Sheet = Dialog;
export const SheetTrigger = DialogPrimitive.Trigger;

export type SheetSide = "left" | "right" | "bottom";

const sideClass: Record<SheetSide, string> = {
  left: "inset-y-0 left-0 h-dvh w-[min(20rem,calc(100vw-3rem))] border-r data-[state=open]:animate-slide-in-left data-[state=closed]:animate-slide-out-left",
  right:
    "inset-y-0 right-0 h-dvh w-[min(20rem,calc(100vw-3rem))] border-l data-[state=open]:animate-slide-in-right data-[state=closed]:animate-slide-out-right",
  bottom:
    "inset-x-0 bottom-0 max-h-[85dvh] rounded-t-lg border-t data-[state=open]:animate-slide-in-bottom data-[state=closed]:animate-slide-out-bottom",
};

export function SheetContent({
  side = "right",
  className,
  children,
  closeLabel = "Close",
  onOpenAutoFocus,
  onCloseAutoFocus,
  onEscapeKeyDown,
  ...props
}: React.ComponentProps<typeof DialogPrimitive.Content> & { side?: SheetSide; closeLabel?: string }) {
  const behaviour = useDialogContent({ onOpenAutoFocus, onCloseAutoFocus, onEscapeKeyDown });
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        data-slot="sheet-content"
        data-side={side}
        className={cn(
          "fixed z-50 flex flex-col gap-4 overflow-y-auto bg-background p-4 shadow-lg outline-hidden",
          sideClass[side],
          className,
        )}
        {...props}
        {...behaviour}
      >
        {children}
        <DialogPrimitive.Close
          className="absolute top-3 right-3 inline-flex size-8 items-center justify-center rounded-md opacity-70 transition-opacity outline-hidden hover:bg-accent hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring [&_svg]:size-4"
          aria-label={closeLabel}
        >
          <X aria-hidden="true" />
        </DialogPrimitive.Close>
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

export const SheetTitle = DialogTitle;

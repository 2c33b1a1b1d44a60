// The phone's AI tools (phone-toolbar.tsx's AI button): the same AI toolbar the wide screen
// shows above the text, in a bottom sheet. A press on one of its actions closes the sheet,
// so the result shows in the text.
import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetTitle } from "../../../components/ui/sheet";

export default function AiSheet({ open, onOpenChange, children }: { open: boolean; onOpenChange: (open: boolean) => void; children: ReactNode }) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent side="bottom" closeLabel="Close AI tools" aria-describedby={undefined} className="gap-3 pb-[max(1rem,env(safe-area-inset-bottom))]">
        <SheetTitle className="text-base">AI tools</SheetTitle>
        <div
          className="[&_button]:min-h-11"
          onClick={(e) => {
            if ((e.target as Element).closest("button")) onOpenChange(false);
          }}
        >
          {children}
        </div>
      </SheetContent>
    </Sheet>
  );
}

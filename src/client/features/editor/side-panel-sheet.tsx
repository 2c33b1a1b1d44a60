// The side panel on a narrow screen, loaded only there (side-panel.tsx): Radix's dialog under
// the sheet is not part of the editor's first load on a wide screen.
import type { ReactNode } from "react";
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from "../../components/ui/sheet";
import { PanelBody, type PanelProps } from "./panel-body";

export type SidePanelSheetProps = PanelProps & {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it; closing returns focus there. */
  trigger: ReactNode;
};

/**
 * The same panel on a narrow screen: a sheet from the left over the text, closed until asked
 * for. An AI tool closes it first, so the result shows in the text rather than behind it.
 */
export function SidePanelSheetContent({ open, onOpenChange, trigger, stats, editor, wordGoal, onAiCommand, onSmartImprove, aiTools }: SidePanelSheetProps) {
  const close = <T extends unknown[]>(run: (...args: T) => void) => (...args: T) => {
    onOpenChange(false);
    run(...args);
  };
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger asChild>{trigger}</SheetTrigger>
      <SheetContent side="left" closeLabel="Close panel" aria-describedby={undefined}>
        <SheetTitle className="sr-only">Document panel</SheetTitle>
        <PanelBody
          stats={stats}
          editor={editor}
          wordGoal={wordGoal}
          onAiCommand={close(onAiCommand)}
          onSmartImprove={close(onSmartImprove)}
          aiTools={aiTools}
          onJump={() => onOpenChange(false)}
        />
      </SheetContent>
    </Sheet>
  );
}

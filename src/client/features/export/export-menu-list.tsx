// The Export menu's list and the code that builds the files, loaded with Radix's menu when
// the Export button is first pressed (export-menu.tsx, components/ui/menu-on-demand.tsx).
import { Printer } from "lucide-react";
import type { ReactElement } from "react";
import type { ExportFormat } from "../../../shared/export/filename";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { toast } from "../../lib/toast";
import { EXPORT_ITEMS as ITEMS } from "./export-formats";
import { exportDocument, printDocument } from "./run-export";

export interface ExportMenuListProps {
  trigger: ReactElement;
  running: boolean;
  /** Runs one job at a time, showing the failure toast if it throws. */
  run: (job: () => Promise<void>) => Promise<void>;
  getDocument: () => { id: string; title: string; content: unknown };
}

export default function ExportMenuList({ trigger, running, run, getDocument }: ExportMenuListProps) {
  const onExport = (format: ExportFormat, label: string) =>
    run(async () => {
      const { id, title, content } = getDocument();
      await exportDocument({ id, title, content }, format);
      toast({ title: "Export Successful", description: `Document exported as ${label.toUpperCase()}` });
    });

  const onPrint = () =>
    run(async () => {
      const { title, content } = getDocument();
      await printDocument({ title, content });
    });

  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger asChild disabled={running}>
        {trigger}
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-44">
        {ITEMS.map((item) => (
          <DropdownMenuItem key={item.format} disabled={running} onSelect={() => void onExport(item.format, item.label)}>
            <span className="flex-1">{item.label}</span>
            <span className="text-xs text-muted-foreground">{item.hint}</span>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={running} onSelect={() => void onPrint()}>
          <Printer aria-hidden="true" />
          Print
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

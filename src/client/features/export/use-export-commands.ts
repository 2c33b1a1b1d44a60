// The exports in the command palette (lib/command-registry.ts): "Export as PDF" and the
// others, and Print. They run through the menu's one-at-a-time runner with its failure toast;
// the export code loads at the first use, as it does for the menu.
import { useRegisterCommands } from "../../lib/command-registry";
import { toast } from "../../lib/toast";
import { EXPORT_ITEMS } from "./export-formats";

type Source = () => { id: string; title: string; content: unknown };

export function useExportCommands(run: (job: () => Promise<void>) => Promise<void>, getDocument: Source): void {
  useRegisterCommands([
    ...EXPORT_ITEMS.map((item) => ({
      id: item.format,
      group: "Export",
      label: `Export as ${item.label}`,
      keywords: `download ${item.hint.slice(1)}`,
      run: () =>
        void run(async () => {
          const { exportDocument } = await import("./run-export");
          const { id, title, content } = getDocument();
          await exportDocument({ id, title, content }, item.format);
          toast({ title: "Export Successful", description: `Document exported as ${item.label.toUpperCase()}` });
        }),
    })),
    {
      id: "print",
      group: "Export",
      label: "Print",
      run: () =>
        void run(async () => {
          const { printDocument } = await import("./run-export");
          const { title, content } = getDocument();
          await printDocument({ title, content });
        }),
    },
  ]);
}

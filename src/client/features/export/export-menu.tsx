// The editor's Export menu: PDF, Word,
// Markdown, HTML and Text downloads plus Print. One export at a time: the button is
// disabled while one runs. The list, Radix's menu and the export code load at the button's
// first press (hover starts it): export-menu-list.tsx.
import { Download, Loader2 } from "lucide-react";
import { useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { MenuOnDemand } from "../../components/ui/menu-on-demand";
import { toast } from "../../lib/toast";
import { useExportCommands } from "./use-export-commands";
import { lazyPart } from "../../lib/lazy-part";

const loadList = () => import("./export-menu-list");
const ExportMenuList = lazyPart(loadList);

interface ExportMenuProps {
  /** Read lazily at export time so the menu always exports the latest editor content. */
  getDocument: () => { id: string; title: string; content: unknown };
}

function failed() {
  toast({ title: "Export Failed", description: "Failed to export document. Please try again.", variant: "destructive" });
}

export function ExportMenu({ getDocument }: ExportMenuProps) {
  const [running, setRunning] = useState(false);
  // A ref as well as state: two quick clicks must not start two exports before a re-render.
  const busy = useRef(false);

  const run = async (job: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setRunning(true);
    try {
      await job();
    } catch {
      failed();
    } finally {
      busy.current = false;
      setRunning(false);
    }
  };

  useExportCommands(run, getDocument);

  const trigger = (
    <Button variant="outline" size="sm" disabled={running} aria-busy={running}>
      {running ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
      {running ? "Exporting..." : "Export"}
    </Button>
  );
  return (
    <MenuOnDemand trigger={trigger} preload={loadList}>
      <ExportMenuList trigger={trigger} running={running} run={run} getDocument={getDocument} />
    </MenuOnDemand>
  );
}

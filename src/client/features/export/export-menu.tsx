// The editor's Export menu: PDF, Word,
// Markdown, HTML and Text downloads plus Print. One export at a time: the button is
// disabled while one runs.
import { Download, Loader2, Printer } from "lucide-react";
import { useRef, useState } from "react";
import type { ExportFormat } from "../../../shared/export/filename";
import { Button } from "../../components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "../../components/ui/dropdown-menu";
import { toast } from "../../lib/toast";
import { exportDocument, printDocument } from "./run-export";

interface ExportMenuProps {
  /** Read lazily at export time so the menu always exports the latest editor content. */
  getDocument: () => { id: string; title: string; content: unknown };
}

const ITEMS: { format: ExportFormat; label: string; hint: string }[] = [
  { format: "pdf", label: "PDF", hint: ".pdf" },
  { format: "docx", label: "Word", hint: ".docx" },
  { format: "md", label: "Markdown", hint: ".md" },
  { format: "html", label: "HTML", hint: ".html" },
  { format: "txt", label: "Text", hint: ".txt" },
];

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

  const onExport = (format: ExportFormat, label: string) =>
    run(async () => {
      const { title, content } = getDocument();
      await exportDocument({ title, content }, format);
      toast({ title: "Export Successful", description: `Document exported as ${label.toUpperCase()}` });
    });

  const onPrint = () =>
    run(async () => {
      const { title, content } = getDocument();
      await printDocument({ title, content });
    });

  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={running}>
        <Button variant="outline" size="sm" disabled={running} aria-busy={running}>
          {running ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Download aria-hidden="true" />}
          {running ? "Exporting..." : "Export"}
        </Button>
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

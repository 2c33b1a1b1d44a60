import { Download } from "lucide-react";
import { Button } from "../../components/ui/button";

export interface ExportMenuProps {
  /** Read lazily at export time so the menu always exports the latest editor content. */
  getDocument: () => { id: string; title: string; content: unknown };
}

/** Placeholder: the export engineer replaces this with the format menu (spec editor §2 Export menu). */
export function ExportMenu(_props: ExportMenuProps) {
  return (
    <Button variant="outline" size="sm" disabled>
      <Download aria-hidden="true" />
      Export
    </Button>
  );
}

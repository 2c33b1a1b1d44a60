import { FileUp, Upload } from "lucide-react";
import { type DragEvent, type ReactNode, useRef, useState } from "react";
import { Button } from "../../components/ui/button";
import { Spinner } from "../../components/ui/spinner";
import { toast } from "../../lib/toast";
import { IMPORT_ACCEPT } from "./batches";
import { ImportResults } from "./import-results";
import { useImport } from "./use-import";

const hasFiles = (e: DragEvent) => Array.from(e.dataTransfer?.types ?? []).includes("Files");

/**
 * The Import button and a drop target around `children` (the documents list): files chosen
 * or dropped become new documents, and each file's result is listed above the list.
 * `onImported` lets the page refresh what shows the documents.
 */
export function ImportDropZone({ onImported, children }: { onImported: () => void; children: ReactNode }) {
  const input = useRef<HTMLInputElement>(null);
  const imports = useImport(onImported);
  // dragenter/dragleave fire for every child crossed; the count says when the pointer left.
  const depth = useRef(0);
  const [dragging, setDragging] = useState(false);

  function start(files: File[]) {
    imports.run(files).catch(() => toast({ title: "Import failed", description: "The files could not be read.", variant: "destructive" }));
  }
  const results = imports.results;

  return (
    <div
      className="relative"
      data-testid="import-drop-zone"
      onDragEnter={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current++;
        setDragging(true);
      }}
      onDragOver={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        e.dataTransfer.dropEffect = "copy";
      }}
      onDragLeave={() => {
        depth.current = Math.max(0, depth.current - 1);
        if (depth.current === 0) setDragging(false);
      }}
      onDrop={(e) => {
        if (!hasFiles(e)) return;
        e.preventDefault();
        depth.current = 0;
        setDragging(false);
        start(Array.from(e.dataTransfer.files));
      }}
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-2 rounded-lg border border-dashed px-3 py-2 text-sm text-muted-foreground">
        <span className="min-w-0">
          <span className="hidden sm:inline">Drop Markdown, HTML, Word or text files here, or </span>
          <span className="sm:hidden">Markdown, HTML, Word or text files: </span>
        </span>
        <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={imports.busy}>
          {imports.busy ? <Spinner label="Importing" className="size-4" /> : <Upload aria-hidden="true" />}
          {imports.busy ? "Importing..." : "Import"}
        </Button>
        <input
          ref={input}
          type="file"
          multiple
          accept={IMPORT_ACCEPT}
          className="sr-only"
          tabIndex={-1}
          aria-label="Files to import"
          data-testid="import-input"
          onChange={(e) => {
            const files = Array.from(e.target.files ?? []);
            e.target.value = "";
            start(files);
          }}
        />
      </div>
      {results && <ImportResults results={results} onClose={imports.clear} />}
      {children}
      {dragging && (
        <div className="pointer-events-none absolute inset-0 z-10 flex items-start justify-center rounded-lg border-2 border-dashed border-primary bg-background/80 pt-24 backdrop-blur-xs">
          <p className="flex items-center gap-2 rounded-md bg-card px-4 py-2 font-medium text-card-foreground shadow-sm">
            <FileUp aria-hidden="true" className="size-5 text-primary" />
            Drop files to import them as new documents
          </p>
        </div>
      )}
    </div>
  );
}

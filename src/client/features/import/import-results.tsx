import { CircleCheck, CircleX, X } from "lucide-react";
import type { ImportResult } from "../../../shared/contracts/import";
import { Button } from "../../components/ui/button";

/** What became of each file: imported (with what was left out of it) or left out, and why. */
export function ImportResults({ results, onClose }: { results: ImportResult[]; onClose: () => void }) {
  const imported = results.filter((r) => r.status === "imported").length;
  const left = results.length - imported;
  const summary = [imported && `${imported} imported`, left && `${left} left out`].filter(Boolean).join(", ");
  return (
    <section aria-label="Import results" data-testid="import-results" className="mb-6 rounded-lg border bg-card p-3 text-sm text-card-foreground shadow-xs sm:p-4">
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 className="font-medium" aria-live="polite">
          Import: {summary}
        </h2>
        <Button variant="ghost" size="icon" className="size-8" onClick={onClose} aria-label="Close import results">
          <X aria-hidden="true" />
        </Button>
      </div>
      <ul className="space-y-2">
        {results.map((r, i) => (
          <li key={`${r.name}-${i}`} className="flex gap-2" data-status={r.status}>
            {r.status === "imported" ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-600 dark:text-emerald-400" />
            ) : (
              <CircleX aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
            )}
            <div className="min-w-0">
              <p className="break-words">
                <span className="font-medium">{r.name}</span>
                <span className="text-muted-foreground">
                  {r.status === "imported" ? (r.title !== r.name ? ` — imported as “${r.title}”` : " — imported") : " — left out"}
                </span>
              </p>
              {r.status === "refused" && <p className="break-words text-muted-foreground">{r.reason}</p>}
              {r.status === "imported" && r.notes.length > 0 && (
                <ul className="list-disc pl-5 text-muted-foreground">
                  {r.notes.map((note) => (
                    <li key={note}>{note}</li>
                  ))}
                </ul>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

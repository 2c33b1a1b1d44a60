// The command palette: a search box over the user's documents (titles and highlighted
// passages) and a list of commands. Keyboard driven in the combobox pattern: focus stays in
// the box, ↑/↓ move the active option (aria-activedescendant), Enter runs it, Escape closes.
import { FilePlus, FileText, Loader2, Search, Zap } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { SEARCH_QUERY_MAX_LENGTH } from "../../../shared/contracts/search";
import { Dialog, DialogContent, DialogDescription, DialogTitle } from "../../components/ui/dialog";
import { cn } from "../../lib/cn";
import { Highlighted } from "./highlighted";
import type { PaletteCommand } from "./types";
import { useSearch } from "./use-search";

interface Option {
  key: string;
  run: () => void;
  render: () => React.ReactNode;
}

export default function PaletteDialog({ open, onOpenChange, commands }: { open: boolean; onOpenChange: (open: boolean) => void; commands: PaletteCommand[] }) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [, navigate] = useLocation();
  const search = useSearch(query);
  const listId = useId();

  const close = () => {
    onOpenChange(false);
    setQuery("");
    setActive(0);
  };
  const typed = query.trim().toLowerCase();

  const options = useMemo<Option[]>(() => {
    const docs: Option[] = (typed ? search.results : []).map((r) => ({
      key: `doc-${r.id}`,
      run: () => navigate(`/editor/${r.id}`),
      render: () => (
        <div className="flex min-w-0 gap-3">
          <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <div className="min-w-0">
            <div className="truncate font-medium">
              <Highlighted runs={r.title_highlight.length > 0 ? r.title_highlight : [{ text: r.title || "Untitled Document", mark: false }]} />
              {r.access !== "owner" && <span className="ml-2 text-xs font-normal text-muted-foreground">Shared</span>}
            </div>
            {r.snippet.length > 0 && (
              <div className="line-clamp-2 text-sm break-words text-muted-foreground">
                <Highlighted runs={r.snippet} />
              </div>
            )}
          </div>
        </div>
      ),
    }));
    const all: PaletteCommand[] = [{ label: "New document", run: () => navigate("/editor") }, ...commands];
    const cmds: Option[] = all
      .filter((c) => !typed || c.label.toLowerCase().includes(typed))
      .map((c, i) => ({
        key: `cmd-${i}-${c.label}`,
        run: c.run,
        render: () => (
          <div className="flex items-center gap-3">
            {c.label === "New document" ? <FilePlus className="size-4 text-muted-foreground" aria-hidden="true" /> : <Zap className="size-4 text-muted-foreground" aria-hidden="true" />}
            <span className="flex-1">{c.label}</span>
            {c.keys && <kbd className="text-xs text-muted-foreground">{c.keys}</kbd>}
          </div>
        ),
      }));
    return [...docs, ...cmds];
  }, [typed, search.results, commands, navigate]);

  const current = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;
  const runOption = (option: Option | undefined) => {
    if (!option) return;
    close();
    option.run();
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (options.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if (e.key === "Enter" && !e.nativeEvent.isComposing) {
      e.preventDefault();
      runOption(options[current]);
    }
  };

  const status = !typed
    ? "Type to search your documents"
    : search.failed
      ? "Search is unavailable right now"
      : search.loading && search.answered !== typed
        ? "Searching…"
        : search.results.length === 0
          ? "No documents match"
          : `${search.results.length} document${search.results.length === 1 ? "" : "s"}`;

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogContent showCloseButton={false}>
        <DialogTitle className="sr-only">Command palette</DialogTitle>
        <DialogDescription className="sr-only">Search your documents or run a command. Use the arrow keys to choose and Enter to open.</DialogDescription>
        <div className="-mt-2 flex items-center gap-2 border-b">
          {search.loading ? <Loader2 className="size-4 animate-spin text-muted-foreground" aria-hidden="true" /> : <Search className="size-4 text-muted-foreground" aria-hidden="true" />}
          <input
            role="combobox"
            aria-expanded={options.length > 0}
            aria-controls={listId}
            aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
            aria-autocomplete="list"
            aria-label="Search documents and commands"
            placeholder="Search documents…"
            className="h-12 w-full bg-transparent text-base outline-hidden placeholder:text-muted-foreground"
            value={query}
            maxLength={SEARCH_QUERY_MAX_LENGTH}
            onChange={(e) => {
              setQuery(e.target.value);
              setActive(0);
            }}
            onKeyDown={onKeyDown}
          />
          <kbd className="hidden text-xs text-muted-foreground sm:inline">Esc</kbd>
        </div>
        <div id={listId} role="listbox" aria-label="Results" className="-mx-2 max-h-[50vh] overflow-y-auto">
          {options.map((option, i) => (
            // Options are chosen from the box (the combobox pattern); the click is for pointers.
            <div
              key={option.key}
              id={optionId(i)}
              role="option"
              tabIndex={-1}
              aria-selected={i === current}
              className={cn("cursor-pointer rounded-md px-3 py-2 text-sm", i === current && "bg-accent text-accent-foreground")}
              onMouseMove={() => setActive(i)}
              // Keep the focus in the search box while clicking.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => runOption(option)}
            >
              {option.render()}
            </div>
          ))}
        </div>
        <p className="-mb-2 border-t pt-2 text-xs text-muted-foreground" aria-live="polite">
          {status}
        </p>
      </DialogContent>
    </Dialog>
  );
}

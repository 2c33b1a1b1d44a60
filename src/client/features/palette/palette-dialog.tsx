// The command palette: a search box over the user's documents (titles and highlighted
// passages) and the commands the page offers, in two groups. Keyboard driven in the combobox
// pattern: focus stays in the box, ↑/↓ (and Home/End with Ctrl) move the active option
// (aria-activedescendant), Enter runs it, Escape closes. The box is anchored near the top of
// the screen and its list has a fixed greatest height that scrolls inside, so the search
// field never moves while results arrive.
import { FilePlus, FileText, Loader2, Search, Zap } from "lucide-react";
import { Dialog as DialogPrimitive } from "radix-ui";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { useLocation } from "wouter";
import { SEARCH_QUERY_MAX_LENGTH } from "../../../shared/contracts/search";
import { Dialog, DialogOverlay } from "../../components/ui/dialog";
import { useDialogContent } from "../../components/ui/dialog-behaviour";
import type { AppCommand } from "../../lib/command-registry";
import { matchCommands } from "./match-commands";
import { PaletteOption } from "./palette-option";
import { resultPath } from "./result-path";
import { ResultTitle } from "./result-title";
import { useSearch } from "./use-search";

interface Option {
  key: string;
  /** The option's accessible name when its text says more (a command's shortcut). */
  label?: string;
  keyshortcuts?: string;
  group: "Commands" | "Documents";
  run: () => void;
  render: () => React.ReactNode;
}

const NEW_DOCUMENT_ID = "new-document";

/** "Ctrl+Shift+S" as ARIA writes it ("Control+Shift+S"). */
const ariaKeys = (keys: string) => keys.replace(/\bCtrl\b/g, "Control").replace(/⌘/g, "Meta+");

export default function PaletteDialog({
  open,
  onOpenChange,
  commands,
  shortcut,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  commands: AppCommand[];
  /** The shortcut that opens the palette here, shown in its footer. */
  shortcut: string;
}) {
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const [, navigate] = useLocation();
  const search = useSearch(query);
  const listId = useId();
  // A chosen command runs once the box has closed and given the focus back to where it was,
  // so a command that moves the focus (the find bar, a dialog) keeps it.
  const pending = useRef<(() => void) | null>(null);
  const behaviour = useDialogContent({
    onCloseAutoFocus: () => {
      const run = pending.current;
      pending.current = null;
      if (run) window.setTimeout(run, 0);
    },
  });

  const close = () => {
    onOpenChange(false);
    setQuery("");
    setActive(0);
  };
  const typed = query.trim();

  const options = useMemo<Option[]>(() => {
    const all: AppCommand[] = [{ id: NEW_DOCUMENT_ID, group: "General", label: "New document", keywords: "create add", run: () => navigate("/editor") }, ...commands];
    // Commands first: they are known at once, so the documents arriving later never move the
    // option the arrow keys are on.
    const cmds: Option[] = matchCommands(all, typed).map((c) => ({
      key: `cmd-${c.group}-${c.id}`,
      group: "Commands",
      // Named by its text (the keys beside it are aria-hidden and announced through
      // aria-keyshortcuts), so the name is what the eye reads.
      keyshortcuts: c.keys ? ariaKeys(c.keys) : undefined,
      run: c.run,
      render: () => (
        <div className="flex items-center gap-3">
          {c.id === NEW_DOCUMENT_ID ? (
            <FilePlus className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          ) : (
            <Zap className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          )}
          <span className="min-w-0 flex-1 truncate">{c.label}</span>
          {c.keys && (
            // Announced through the option's aria-keyshortcuts instead.
            <span aria-hidden="true" className="shrink-0 rounded border bg-muted px-1.5 text-xs text-muted-foreground">
              {c.keys}
            </span>
          )}
        </div>
      ),
    }));
    const docs: Option[] = (typed ? search.results : []).map((r) => ({
      key: `doc-${r.id}`,
      group: "Documents",
      run: () => navigate(resultPath(r)),
      render: () => (
        <div className="flex min-w-0 gap-3">
          <FileText className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
          <ResultTitle result={r} />
        </div>
      ),
    }));
    return [...cmds, ...docs];
  }, [typed, search.results, commands, navigate]);

  const current = Math.min(active, Math.max(0, options.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;
  // The active option stays in view as the arrows move it through a list taller than the box.
  // The first option of a group brings its heading along, and the very first goes back to the top.
  useEffect(() => {
    const el = document.getElementById(`${listId}-option-${current}`);
    const heading = el?.previousElementSibling?.getAttribute("role") === "presentation" ? el.previousElementSibling : null;
    if (current === 0) el?.closest("[role=listbox]")?.scrollTo({ top: 0 });
    else heading?.scrollIntoView({ block: "nearest" });
    el?.scrollIntoView({ block: "nearest" });
  }, [current, listId]);

  const runOption = (option: Option | undefined) => {
    if (!option) return;
    pending.current = option.run;
    close();
  };
  const onKeyDown = (e: React.KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (e.key === "ArrowDown" || e.key === "ArrowUp") {
      e.preventDefault();
      if (options.length === 0) return;
      const step = e.key === "ArrowDown" ? 1 : -1;
      setActive((current + step + options.length) % options.length);
    } else if ((e.key === "Home" || e.key === "End") && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      setActive(e.key === "Home" ? 0 : Math.max(0, last));
    } else if (e.key === "PageDown" || e.key === "PageUp") {
      e.preventDefault();
      setActive(Math.max(0, Math.min(last, current + (e.key === "PageDown" ? 5 : -5))));
    } else if (e.key === "Enter" && !e.nativeEvent.isComposing) {
      e.preventDefault();
      runOption(options[current]);
    }
  };

  const docCount = options.filter((o) => o.group === "Documents").length;
  const status = !typed
    ? "Type to search your documents and commands"
    : search.failed
      ? "Search is unavailable right now"
      : search.loading && search.answered !== typed.slice(0, SEARCH_QUERY_MAX_LENGTH)
        ? "Searching…"
        : docCount === 0
          ? "No documents match"
          : `${docCount} document${docCount === 1 ? "" : "s"}`;

  const groups = (["Commands", "Documents"] as const)
    .map((name) => ({ name, items: options.map((option, index) => ({ option, index })).filter((o) => o.option.group === name) }))
    .filter((g) => g.items.length > 0);

  return (
    <Dialog open={open} onOpenChange={(next) => (next ? onOpenChange(true) : close())}>
      <DialogPrimitive.Portal>
        <DialogOverlay />
        <DialogPrimitive.Content
          {...behaviour}
          // The editor's own shortcuts leave keys typed here to the palette.
          data-command-palette=""
          aria-describedby={`${listId}-description`}
          // Anchored to the top (not centred), so a list that grows or shrinks moves only its
          // bottom edge; on a phone it starts near the top to stay clear of the keyboard.
          className="fixed inset-x-0 top-2 z-50 mx-auto flex w-[calc(100%-1rem)] max-w-xl flex-col overflow-hidden rounded-lg border bg-background shadow-lg outline-hidden data-[state=open]:animate-fade-in data-[state=closed]:animate-fade-out sm:top-[12vh]"
        >
          <DialogPrimitive.Title className="sr-only">Command palette</DialogPrimitive.Title>
          <DialogPrimitive.Description id={`${listId}-description`} className="sr-only">
            Search your documents or run a command. Use the arrow keys to choose and Enter to open.
          </DialogPrimitive.Description>
          <div className="flex shrink-0 items-center gap-2 border-b px-3">
            {search.loading ? (
              <Loader2 className="size-4 shrink-0 animate-spin text-muted-foreground" aria-hidden="true" />
            ) : (
              <Search className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
            )}
            <input
              role="combobox"
              aria-expanded={options.length > 0}
              aria-controls={listId}
              aria-activedescendant={options.length > 0 ? optionId(current) : undefined}
              aria-autocomplete="list"
              aria-label="Search documents and commands"
              placeholder="Search documents and commands…"
              className="h-12 w-full min-w-0 bg-transparent text-base outline-hidden placeholder:text-muted-foreground"
              value={query}
              maxLength={SEARCH_QUERY_MAX_LENGTH}
              onChange={(e) => {
                setQuery(e.target.value);
                setActive(0);
              }}
              onKeyDown={onKeyDown}
            />
            <kbd className="hidden shrink-0 rounded border bg-muted px-1.5 font-sans text-xs text-muted-foreground sm:inline">Esc</kbd>
          </div>
          <div
            id={listId}
            role="listbox"
            aria-label="Results"
            data-testid="palette-list"
            className="max-h-[min(26rem,calc(100dvh-9rem))] overflow-y-auto overscroll-contain p-2"
          >
            {groups.map((g) => (
              // A listbox's options are grouped by role="group" (a <fieldset> is for form controls).
              // biome-ignore lint/a11y/useSemanticElements: see above.
              <div key={g.name} role="group" aria-labelledby={`${listId}-${g.name}`} className="not-first:mt-2">
                <div id={`${listId}-${g.name}`} role="presentation" className="px-3 pt-1 pb-1 text-xs font-medium text-muted-foreground">
                  {g.name}
                </div>
                {g.items.map(({ option, index }) => (
                  <PaletteOption
                    key={option.key}
                    id={optionId(index)}
                    label={option.label}
                    keyshortcuts={option.keyshortcuts}
                    selected={index === current}
                    onHover={() => setActive(index)}
                    onChoose={() => runOption(option)}
                  >
                    {option.render()}
                  </PaletteOption>
                ))}
              </div>
            ))}
          </div>
          <div className="flex shrink-0 items-center gap-3 border-t px-3 py-2 text-xs text-muted-foreground">
            <p className="min-w-0 flex-1 truncate" aria-live="polite">
              {status}
            </p>
            <p className="hidden shrink-0 sm:block" aria-hidden="true">
              ↑↓ choose · Enter open · {shortcut} toggle
            </p>
          </div>
        </DialogPrimitive.Content>
      </DialogPrimitive.Portal>
    </Dialog>
  );
}

// Opens the palette (search and commands) for a signed-in user with the same keys on every
// page: Ctrl+Shift+K (⇧⌘K on a Mac), since Ctrl/Cmd+K is a link in the editor's text as in
// Docs, Word and Notion; and "/" where no field or text has the focus (as on GitHub or
// Gmail). A header button opens it too (openCommandPalette in lib/command-registry.ts).
// Ctrl+Shift+F was not taken: it is Chrome's full-screen key on a Mac. The dialog's code
// loads on first use.
import { Suspense, useCallback, useEffect, useState } from "react";
import { useAuth } from "../../lib/auth-provider";
import { withQueryClient } from "../../lib/load-query-client";
import { type AppCommand, paletteShortcutLabel, useCommandPaletteOpener, useRegisteredCommands } from "../../lib/command-registry";
import type { PaletteCommand } from "./types";
import { lazyPart } from "../../lib/lazy-part";

const PaletteDialog = lazyPart(withQueryClient(() => import("./palette-dialog")));

export function isPaletteShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "shiftKey">): boolean {
  return (e.ctrlKey || e.metaKey) && e.shiftKey && !e.altKey && e.key.toLowerCase() === "k";
}

/** "/" opens the palette only where it would type nothing: not in a field or the text. */
export function isSlashOpener(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey" | "target">): boolean {
  if (e.key !== "/" || e.ctrlKey || e.metaKey || e.altKey) return false;
  const t = e.target;
  if (!(t instanceof HTMLElement)) return true;
  return !(t.isContentEditable || t.closest("input, textarea, select, [contenteditable], [role='dialog'], [role='menu']"));
}

export function CommandPalette({ commands = [] }: { commands?: PaletteCommand[] }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const registered = useRegisteredCommands();
  const show = useCallback(() => {
    setUsed(true);
    setOpen(true);
  }, []);
  useCommandPaletteOpener(show);
  useEffect(() => {
    if (!user) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.defaultPrevented) return;
      if (isPaletteShortcut(e)) {
        e.preventDefault();
        setUsed(true);
        setOpen((o) => !o);
      } else if (isSlashOpener(e)) {
        e.preventDefault();
        show();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [user, show]);
  if (!user || !used) return null;
  const all: AppCommand[] = [...commands.map((c, i) => ({ id: `page-${i}`, group: "Page", ...c })), ...registered];
  return (
    <Suspense fallback={null}>
      <PaletteDialog open={open} onOpenChange={setOpen} commands={all} shortcut={paletteShortcutLabel()} />
    </Suspense>
  );
}

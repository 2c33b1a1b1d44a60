// Opens the palette for a signed-in user on any page: Ctrl+K (⌘K on a Mac) everywhere but in
// the editor, where Ctrl+K is AI Complete (the product's editor shortcut, which
// features/editor/use-editor-shortcuts.ts takes first); Ctrl+Shift+K (⇧⌘K) opens it on every
// page, the editor included, and a header button does too (openCommandPalette in
// lib/command-registry.ts). The dialog's code loads on first use.
import { lazy, Suspense, useCallback, useEffect, useState } from "react";
import { useLocation } from "wouter";
import { useAuth } from "../../lib/auth-provider";
import { withQueryClient } from "../../lib/load-query-client";
import { type AppCommand, paletteShortcutLabel, useCommandPaletteOpener, useRegisteredCommands } from "../../lib/command-registry";
import type { PaletteCommand } from "./types";

const PaletteDialog = lazy(withQueryClient(() => import("./palette-dialog")));

export function isPaletteShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";
}

/** The editor keeps Ctrl+K for itself, so its pages name the shifted shortcut. */
export const isEditorPath = (path: string) => path === "/editor" || path.startsWith("/editor/");

export function CommandPalette({ commands = [] }: { commands?: PaletteCommand[] }) {
  const { user } = useAuth();
  const [location] = useLocation();
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
      if (!isPaletteShortcut(e) || e.defaultPrevented) return;
      e.preventDefault();
      setUsed(true);
      setOpen((o) => !o);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [user]);
  if (!user || !used) return null;
  const all: AppCommand[] = [...commands.map((c, i) => ({ id: `page-${i}`, group: "Page", ...c })), ...registered];
  return (
    <Suspense fallback={null}>
      <PaletteDialog open={open} onOpenChange={setOpen} commands={all} shortcut={paletteShortcutLabel(isEditorPath(location))} />
    </Suspense>
  );
}

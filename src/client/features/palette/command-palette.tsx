// Opens the palette with Ctrl+K (⌘K on a Mac) for a signed-in user on any page. On the editor
// page Ctrl+K stays the editor's AI shortcut (features/editor/use-editor-shortcuts.ts stops
// it first), so Ctrl+Shift+K opens the palette everywhere. The dialog's code loads on first use.
import { lazy, Suspense, useEffect, useState } from "react";
import { useAuth } from "../../lib/auth-provider";
import type { PaletteCommand } from "./types";

const PaletteDialog = lazy(() => import("./palette-dialog"));

export function isPaletteShortcut(e: Pick<KeyboardEvent, "key" | "ctrlKey" | "metaKey" | "altKey">): boolean {
  return (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === "k";
}

export function CommandPalette({ commands = [] }: { commands?: PaletteCommand[] }) {
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
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
  return (
    <Suspense fallback={null}>
      <PaletteDialog open={open} onOpenChange={setOpen} commands={commands} />
    </Suspense>
  );
}

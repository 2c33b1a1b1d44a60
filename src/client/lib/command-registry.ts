// Commands a page offers to the command palette while it is on screen (the editor's Find and
// replace, Export as PDF, Share…). The palette (features/palette) reads them; the features
// that own the actions register them, so neither imports the other. Also the one way for a
// button anywhere to open the palette.
import { useEffect, useRef, useSyncExternalStore } from "react";

export interface AppCommand {
  /** Stable within its group, e.g. "export-pdf". */
  id: string;
  label: string;
  /** Heading it is listed under in the palette, e.g. "Editor", "AI". */
  group: string;
  /** A shortcut shown beside the label, e.g. "Ctrl+F". */
  keys?: string;
  /** Other words that find it ("search" for Find and replace). */
  keywords?: string;
  run: () => void;
}

const registered = new Map<symbol, AppCommand[]>();
const listeners = new Set<() => void>();
let snapshot: AppCommand[] = [];

function changed() {
  snapshot = [...registered.values()].flat();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Every command registered now, in the order their owners mounted. */
export function useRegisteredCommands(): AppCommand[] {
  return useSyncExternalStore(subscribe, () => snapshot);
}

/**
 * Offers `commands` while the calling component is mounted. They are registered again only
 * when their ids, labels or shortcuts change; `run` is always the latest one passed, so a
 * command acts on the current editor state without re-registering on every render.
 */
export function useRegisterCommands(commands: AppCommand[]): void {
  const latest = useRef(commands);
  latest.current = commands;
  const signature = commands.map((c) => `${c.group}\u0000${c.id}\u0000${c.label}\u0000${c.keys ?? ""}\u0000${c.keywords ?? ""}`).join("\u0001");
  // The signature stands for the commands' visible parts (the effect reads the rest from the ref).
  useEffect(() => {
    const key = Symbol("commands");
    registered.set(
      key,
      latest.current.map((c) => ({ ...c, run: () => latest.current.find((n) => n.id === c.id && n.group === c.group)?.run() })),
    );
    changed();
    return () => {
      registered.delete(key);
      changed();
    };
  }, [signature]);
}

const openers = new Set<() => void>();

/** Opens the command palette (a header button, a help link). */
export function openCommandPalette(): void {
  for (const open of openers) open();
}

/** The palette's side of openCommandPalette. */
export function useCommandPaletteOpener(open: () => void): void {
  const latest = useRef(open);
  latest.current = open;
  useEffect(() => {
    const opener = () => latest.current();
    openers.add(opener);
    return () => {
      openers.delete(opener);
    };
  }, []);
}

/** The palette's shortcut as this device writes it: ⇧⌘K on a Mac, Ctrl+Shift+K elsewhere. */
export function paletteShortcutLabel(): string {
  const mac = typeof navigator !== "undefined" && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);
  return mac ? "⇧⌘K" : "Ctrl+Shift+K";
}

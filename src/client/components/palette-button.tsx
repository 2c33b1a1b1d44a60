// The command palette's header button: a search icon and the shortcut written out, so the
// palette is found by looking, not only by knowing the keys (the same on every page:
// features/palette/command-palette.tsx).
import { Search } from "lucide-react";
import { openCommandPalette, paletteShortcutLabel } from "../lib/command-registry";

export function PaletteButton() {
  const shortcut = paletteShortcutLabel();
  return (
    <button
      type="button"
      onClick={openCommandPalette}
      aria-keyshortcuts="Control+Shift+K Meta+Shift+K"
      title={`Search and commands (${shortcut})`}
      className="flex h-8 items-center gap-2 rounded-md border px-2 text-sm text-muted-foreground outline-hidden hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring max-sm:size-8 max-sm:justify-center max-sm:border-0 max-sm:px-0"
    >
      <Search aria-hidden="true" className="size-4" />
      <span className="sr-only">Search and commands</span>
      <span aria-hidden="true" className="text-xs max-md:hidden">
        {shortcut}
      </span>
    </button>
  );
}

// Public entry point of the command palette feature; the app shell mounts it.
export { CommandPalette } from "./command-palette";
export type { PaletteCommand } from "./types";

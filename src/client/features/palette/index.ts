// Public entry point of the command palette feature; the app shell mounts it. Pages and
// features offer commands through lib/command-registry.ts.
export { CommandPalette } from "./command-palette";
export type { PaletteCommand } from "./types";

/** A command a page offers in the palette (the editor's, for instance). */
export interface PaletteCommand {
  label: string;
  /** A shortcut shown beside the label, e.g. "Ctrl+/". */
  keys?: string;
  run: () => void;
}

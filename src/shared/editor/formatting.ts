// The editor's formatting choices: fonts, sizes, colours, alignments.
export const FONT_FAMILIES = [
  "Inter",
  "Space Grotesk",
  "Arial",
  "Georgia",
  "Times New Roman",
  "Helvetica",
  "Courier New",
  "Verdana",
] as const;
export const DEFAULT_FONT_FAMILY = "Inter";

export const FONT_SIZES = ["12px", "14px", "16px", "18px", "20px", "24px", "28px", "32px", "36px", "48px"] as const;
export const DEFAULT_FONT_SIZE = "16px";

export const TEXT_COLORS = [
  { name: "Black", value: "#000000" },
  { name: "Gray", value: "#6b7280" },
  { name: "Red", value: "#dc2626" },
  { name: "Orange", value: "#ea580c" },
  { name: "Amber", value: "#d97706" },
  { name: "Green", value: "#16a34a" },
  { name: "Blue", value: "#2563eb" },
  { name: "Purple", value: "#9333ea" },
  { name: "Pink", value: "#db2777" },
] as const;

export const TEXT_ALIGNMENTS = ["left", "center", "right", "justify"] as const;

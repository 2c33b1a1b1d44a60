// Style values an export may write into CSS (HTML) or map to fonts and colours (PDF,
// Word). Only values matching these patterns are ever emitted, so a hostile attribute
// cannot close a declaration, load a URL or inject rules.
import { TEXT_ALIGNMENTS } from "../editor/formatting.js";
import type { DocNode } from "../editor/schema.js";
import { attr, marksOf } from "./inline.js";

export type Align = (typeof TEXT_ALIGNMENTS)[number];

const HEX = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;
const RGB = /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d{1,4})\s*)?\)$/i;
const NAMED = /^[a-z]{3,20}$/i;
const SIZE = /^(\d{1,3}(?:\.\d{1,2})?)(px|pt|em|rem|%)$/;
const FAMILY_NAME = /^[\p{L}\p{N} -]{1,60}$/u;
const GENERIC_FAMILIES = new Set(["serif", "sans-serif", "monospace", "cursive", "fantasy", "system-ui"]);

export function safeAlign(node: DocNode): Align | null {
  const value = attr(node, "textAlign");
  return (TEXT_ALIGNMENTS as readonly unknown[]).includes(value) ? (value as Align) : null;
}

export function safeColor(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const v = value.trim();
  return HEX.test(v) || RGB.test(v) || NAMED.test(v) ? v : null;
}

export function safeFontSize(value: unknown): string | null {
  return typeof value === "string" && SIZE.test(value) ? value : null;
}

/** Font size in points (for PDF and Word), or null when it is relative or absent. */
export function fontSizePt(value: unknown): number | null {
  const m = typeof value === "string" ? SIZE.exec(value) : null;
  if (!m) return null;
  const n = Number(m[1]);
  if (m[2] === "px") return Math.min(Math.max(n * 0.75, 4), 96);
  if (m[2] === "pt") return Math.min(Math.max(n, 4), 96);
  return null;
}

/** Font family names, unquoted and checked one by one; null when none is safe. */
export function fontFamilies(value: unknown): string[] | null {
  if (typeof value !== "string") return null;
  const names = value
    .split(",")
    .map((n) => n.trim().replace(/^["']|["']$/g, "").trim())
    .filter((n) => n && FAMILY_NAME.test(n));
  return names.length ? names : null;
}

/** A CSS font-family value from the validated names (quoted unless generic). */
export function cssFontFamily(value: unknown): string | null {
  const names = fontFamilies(value);
  if (!names) return null;
  return names.map((n) => (GENERIC_FAMILIES.has(n.toLowerCase()) ? n : `"${n}"`)).join(", ");
}

export interface TextStyle {
  color: string | null;
  fontFamily: string | null;
  fontSize: string | null;
}

export function textStyleOf(node: DocNode): TextStyle {
  const mark = marksOf(node).find((m) => m.type === "textStyle");
  return {
    color: safeColor(mark?.attrs?.color),
    fontFamily: mark ? (fontFamilies(mark.attrs?.fontFamily)?.join(", ") ?? null) : null,
    fontSize: safeFontSize(mark?.attrs?.fontSize),
  };
}

/** Colour as six hex digits for PDF and Word (named and rgb() colours only where unambiguous). */
export function hexColor(value: unknown): string | null {
  const c = safeColor(value);
  if (!c) return null;
  if (HEX.test(c)) {
    const h = c.slice(1);
    if (h.length === 3 || h.length === 4) return h.slice(0, 3).split("").map((d) => d + d).join("").toLowerCase();
    return h.slice(0, 6).toLowerCase();
  }
  const rgb = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*[,)]/i.exec(c);
  if (rgb) return rgb.slice(1, 4).map((d) => Math.min(255, Number(d)).toString(16).padStart(2, "0")).join("");
  const named: Record<string, string> = { black: "000000", white: "ffffff", red: "ff0000", green: "008000", blue: "0000ff", gray: "808080", grey: "808080" };
  return named[c.toLowerCase()] ?? null;
}

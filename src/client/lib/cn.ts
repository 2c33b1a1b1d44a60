/** A value accepted by `cn`: strings, falsy skips, or `{ "class-name": condition }` maps. */
export type ClassValue = string | false | null | undefined | 0 | Record<string, unknown>;

/**
 * Joins class names, dropping falsy ones. Deliberately tiny (no clsx/tailwind-merge):
 * components put caller `className` last, and callers avoid passing conflicting utilities.
 */
export function cn(...values: ClassValue[]): string {
  const out: string[] = [];
  for (const v of values) {
    if (!v) continue;
    if (typeof v === "string") out.push(v);
    else for (const [k, on] of Object.entries(v)) if (on) out.push(k);
  }
  return out.join(" ");
}

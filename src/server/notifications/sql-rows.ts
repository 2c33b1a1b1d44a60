// The rows a raw statement returned, whichever driver ran it (PGlite answers { rows },
// postgres.js an array).
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

// Stands in for fast-equals in the client bundle (vite.config.ts). Its one user is TipTap's
// useEditorState, which compares a selector's results with deepEqual when no equalityFn is
// given; every selector here gives one except the find bar's, which returns plain numbers in
// an object. fast-equals also compares dates, maps, sets, typed arrays and cycles: 2 KB
// compressed on every page showing a document for values the app never selects.
// Plain values only: primitives (Object.is), arrays and plain objects, compared deeply.
export function deepEqual(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b) || Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  const recordA = a as Record<string, unknown>;
  const recordB = b as Record<string, unknown>;
  return keysA.every((key) => Object.hasOwn(recordB, key) && deepEqual(recordA[key], recordB[key]));
}

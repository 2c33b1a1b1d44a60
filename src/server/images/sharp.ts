// sharp (its native library and ~0.3 MB of bundled JavaScript) loads with the first picture
// that needs it rather than at start: most starts answer many requests before any picture.
import type sharp from "sharp";

let loading: Promise<typeof sharp> | null = null;

/** sharp, loaded once; a failed load is tried again by the next caller. */
export function loadSharp(): Promise<typeof sharp> {
  loading ??= import("sharp").then(
    (m) => m.default,
    (err) => {
      loading = null;
      throw err;
    },
  );
  return loading;
}

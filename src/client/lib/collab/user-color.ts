// A writer's caret and avatar colour: picked from a fixed set by their id, so everyone sees
// the same person in the same colour. Each colour carries white text at 4.5:1 or more.
const COLORS = ["#b91c1c", "#c2410c", "#a16207", "#15803d", "#0f766e", "#0369a1", "#4338ca", "#7e22ce", "#be185d", "#475569"];

export function colorFor(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + (ch.codePointAt(0) ?? 0)) >>> 0;
  return COLORS[hash % COLORS.length] ?? "#475569";
}

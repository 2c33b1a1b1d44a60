// What a conversion left out or changed, counted while converting and said once per kind
// in the import result ("2 images were left out").
export type NoteKind = "image" | "table" | "embed" | "script" | "handler" | "unsafeLink" | "replacedChars" | "flattened" | "tooDeep";

const PHRASES: Record<NoteKind, (n: number) => string> = {
  image: (n) => `${n} ${n === 1 ? "image was" : "images were"} left out (${n === 1 ? "its" : "their"} description kept as text)`,
  table: (n) => `${n} ${n === 1 ? "table" : "tables"} became text (one line per row)`,
  embed: (n) => `${n} embedded ${n === 1 ? "item" : "items"} (frames, video, audio, objects) ${n === 1 ? "was" : "were"} left out`,
  script: (n) => `${n} ${n === 1 ? "script or style block was" : "script or style blocks were"} removed`,
  handler: (n) => `${n} event ${n === 1 ? "handler was" : "handlers were"} removed`,
  unsafeLink: (n) => `${n} ${n === 1 ? "link" : "links"} with a scheme that is not allowed kept ${n === 1 ? "its" : "their"} text without the link`,
  replacedChars: (n) => `${n} ${n === 1 ? "character that was" : "characters that were"} not valid UTF-8 became �`,
  flattened: () => "Very deep nesting was flattened",
  tooDeep: () => "Text nested more than 40 quotes or lists deep was left out",
};

export class Notes {
  private counts = new Map<NoteKind, number>();

  add(kind: NoteKind, n = 1): void {
    if (n > 0) this.counts.set(kind, (this.counts.get(kind) ?? 0) + n);
  }

  list(): string[] {
    return [...this.counts].map(([kind, n]) => PHRASES[kind](n));
  }
}

// What a conversion left out or changed, counted while converting and said once per kind
// in the import result ("2 images were left out").
export type NoteKind = "image" | "remoteImage" | "relativeImage" | "imageRefused" | "table" | "embed" | "script" | "handler" | "unsafeLink" | "replacedChars" | "flattened" | "tooDeep" | "paragraphBreakKept";

const PHRASES: Record<NoteKind, (n: number) => string> = {
  image: (n) => `${n} ${n === 1 ? "image was" : "images were"} left out (${n === 1 ? "its" : "their"} description kept as text)`,
  remoteImage: (n) =>
    `${n} ${n === 1 ? "picture" : "pictures"} on other sites ${n === 1 ? "is" : "are"} linked, not copied: Draftsmith never downloads addresses from a file, and a reader sees ${n === 1 ? "the picture" : "each picture"} once they choose to load it from ${n === 1 ? "its" : "its own"} site`,
  relativeImage: (n) =>
    `${n} ${n === 1 ? "picture" : "pictures"} named by ${n === 1 ? "its" : "their"} address relative to the original file ${n === 1 ? "is" : "are"} kept by that address and not shown until uploaded: upload ${n === 1 ? "it" : "each"} to show ${n === 1 ? "it" : "them"} here (exports give the address back)`,
  imageRefused: (n) => `${n} embedded ${n === 1 ? "picture" : "pictures"} could not be read (damaged, SVG, too large or too many) and ${n === 1 ? "is" : "are"} kept as ${n === 1 ? "its" : "their"} description`,
  table: (n) => `${n} ${n === 1 ? "table" : "tables"} became text (one line per row)`,
  embed: (n) => `${n} embedded ${n === 1 ? "item" : "items"} (frames, video, audio, objects) ${n === 1 ? "was" : "were"} left out`,
  script: (n) => `${n} ${n === 1 ? "script or style block was" : "script or style blocks were"} removed`,
  handler: (n) => `${n} event ${n === 1 ? "handler was" : "handlers were"} removed`,
  unsafeLink: (n) => `${n} ${n === 1 ? "link" : "links"} with a scheme that is not allowed kept ${n === 1 ? "its" : "their"} text without the link`,
  replacedChars: (n) => `${n} ${n === 1 ? "character that was" : "characters that were"} not valid UTF-8 became �`,
  flattened: () => "Very deep nesting was flattened",
  tooDeep: () => "Text nested more than 40 quotes or lists deep was left out",
  paragraphBreakKept: (n) =>
    `${n} ${n === 1 ? "paragraph break" : "paragraph breaks"} marked as deleted in Word ${n === 1 ? "is" : "are"} kept (suggestions hold text, not breaks): join the paragraphs by hand if the deletion was wanted`,
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

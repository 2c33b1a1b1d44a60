// The part of fontkit's API the PDF export uses (the package ships no types).
declare module "fontkit" {
  interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
  }
  export function create(buffer: Buffer): Font;
}

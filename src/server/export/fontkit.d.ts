// The part of fontkit's API the PDF export uses (the package ships no types).
declare module "fontkit" {
  interface Glyph {
    codePoints: number[];
  }
  interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    getGlyph(id: number, codePoints?: number[]): Glyph;
  }
  export function create(buffer: Buffer): Font;
}

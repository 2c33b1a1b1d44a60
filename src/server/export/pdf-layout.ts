// Lays out one paragraph of styled runs on PDF lines. pdfkit's own "continued" text
// cannot align or justify a line that mixes fonts, so lines are filled here (word by
// word, measuring each word in its own font) and drawn piece by piece at the right x.
// Words wider than a line are split by characters (binary search on the width).

export interface Run {
  text: string;
  font: string;
  size: number;
  color: string;
  link?: string;
  underline: boolean;
  strike: boolean;
}

export type Align = "left" | "center" | "right" | "justify";

interface Token {
  text: string;
  run: Run;
  width: number;
  space: boolean;
}

interface Line {
  tokens: Token[];
  /** Ended by a hard break (a justified paragraph does not stretch such a line). */
  hardEnd: boolean;
}

type Pdf = PDFKit.PDFDocument;

/** Where a line's baseline sits below its top, as a share of the line's largest font size. */
export const BASELINE = 0.95;

/** The current font's ascent at this size (pdfkit keeps the AFM metrics on _font). */
export function ascent(pdf: Pdf, size: number): number {
  const font = (pdf as unknown as { _font?: { ascender?: number } })._font;
  return ((font?.ascender ?? 718) / 1000) * size;
}

function measure(pdf: Pdf, run: Run, text: string): number {
  return pdf.font(run.font).fontSize(run.size).widthOfString(text);
}

/** Splits a word wider than maxWidth into pieces that fit. */
function splitWide(pdf: Pdf, run: Run, word: string, maxWidth: number): string[] {
  const parts: string[] = [];
  let rest = word;
  while (rest.length) {
    // Only a bounded prefix is ever measured, so a huge word costs linear time.
    if (rest.length <= 2000 && measure(pdf, run, rest) <= maxWidth) {
      parts.push(rest);
      break;
    }
    const sample = rest.slice(0, 200);
    const perChar = Math.max(measure(pdf, run, sample) / sample.length, 0.5);
    let lo = 1;
    let hi = Math.min(rest.length, Math.ceil((maxWidth / perChar) * 2) + 8);
    while (lo < hi) {
      const mid = Math.ceil((lo + hi) / 2);
      if (measure(pdf, run, rest.slice(0, mid)) <= maxWidth) lo = mid;
      else hi = mid - 1;
    }
    parts.push(rest.slice(0, lo));
    rest = rest.slice(lo);
  }
  return parts;
}

function breakLines(pdf: Pdf, runs: Run[], maxWidth: number): Line[] {
  const lines: Line[] = [];
  let current: Token[] = [];
  let width = 0;
  const finish = (hardEnd: boolean) => {
    while (current.length && current[current.length - 1]!.space) current.pop();
    lines.push({ tokens: current, hardEnd });
    current = [];
    width = 0;
  };
  for (const run of runs) {
    for (const m of run.text.matchAll(/(\n)|( +)|([^ \n]+)/g)) {
      if (m[1]) {
        finish(true);
        continue;
      }
      if (m[2]) {
        if (!current.length) continue;
        const w = measure(pdf, run, m[2]);
        current.push({ text: m[2], run, width: w, space: true });
        width += w;
        continue;
      }
      const pieces = splitWide(pdf, run, m[3]!, maxWidth);
      for (const piece of pieces) {
        const w = measure(pdf, run, piece);
        // A word continuing the previous token without a space stays glued to it when possible.
        if (width + w > maxWidth && current.some((t) => !t.space)) finish(false);
        current.push({ text: piece, run, width: w, space: false });
        width += w;
      }
    }
  }
  if (current.length || !lines.length) finish(true);
  return lines;
}

/** Draws the runs from (x, pdf.y) within width; leaves pdf.y below the paragraph. */
export function drawParagraph(pdf: Pdf, runs: Run[], x: number, width: number, align: Align, lineGap = 2) {
  const bottom = () => pdf.page.height - pdf.page.margins.bottom;
  const lines = breakLines(pdf, runs, width);
  lines.forEach((line, index) => {
    const size = Math.max(...line.tokens.map((t) => t.run.size), runs[0]?.size ?? 11);
    const height = size * 1.2 + lineGap;
    if (pdf.y + height > bottom() && pdf.y > pdf.page.margins.top) pdf.addPage();
    const top = pdf.y;
    const used = line.tokens.reduce((sum, t) => sum + t.width, 0);
    const spaces = line.tokens.filter((t) => t.space).length;
    const last = index === lines.length - 1 || line.hardEnd;
    let cursor = x;
    let extraPerSpace = 0;
    if (align === "center") cursor += Math.max(0, (width - used) / 2);
    else if (align === "right") cursor += Math.max(0, width - used);
    else if (align === "justify" && !last && spaces) extraPerSpace = Math.max(0, (width - used) / spaces);
    const baseline = top + size * BASELINE;
    for (const token of line.tokens) {
      const w = token.width + (token.space ? extraPerSpace : 0);
      // Spaces are drawn too when inside a link, underline or strike, so the line is continuous.
      if (!token.space || token.run.underline || token.run.strike || token.run.link) {
        const r = token.run;
        pdf.font(r.font).fontSize(r.size).fillColor(r.color);
        // pdfkit places text by its top (and draws underline and strike from there), so
        // the shared baseline is turned into this font's top.
        pdf.text(token.space ? " " : token.text, cursor, baseline - ascent(pdf, r.size), {
          lineBreak: false,
          width: w,
          link: r.link ?? null,
          underline: r.underline,
          strike: r.strike,
        });
      }
      cursor += w;
    }
    pdf.x = x;
    pdf.y = top + height;
  });
}

// The words a Word file holds, read from its XML with no Word reader in between, for
// bench/fidelity.ts to count how many an import keeps: the text runs (w:t) of the main
// document, its footnotes and its endnotes, text boxes included. Deleted text of tracked
// changes (w:delText), the old place of moved text (w:moveFrom) and field instructions
// (w:instrText) are not shown by Word and are not counted; of an mc:AlternateContent only the first choice counts (its fallback repeats it).
import { Parser } from "htmlparser2";
import { unpackDocx } from "../../src/server/import/zip-check.js";
import { words } from "./fidelity-canon.js";

const SEPARATORS = new Set(["w:p", "w:tab", "w:br", "w:cr", "w:tc", "w:footnote", "w:endnote"]);

function partWords(xml: string): string[] {
  let text = "";
  let inText = 0;
  let skip = 0;
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "mc:fallback" || name === "w:movefrom") skip++;
        if (SEPARATORS.has(name)) text += " ";
        if (name === "w:t" && !skip) inText++;
      },
      ontext(t) {
        if (inText) text += t;
      },
      onclosetag(name) {
        if (name === "mc:fallback" || name === "w:movefrom") skip--;
        if (name === "w:t" && inText) inText--;
        if (name === "w:p") text += " ";
      },
    },
    { xmlMode: true, decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(xml);
  parser.end();
  return words(text);
}

/** The words of a .docx's document, footnotes and endnotes. */
export async function docxSourceWords(bytes: Buffer): Promise<string[]> {
  const { parts } = await unpackDocx(bytes);
  const rels = parts.get("_rels/.rels")?.toString("utf8") ?? "";
  const main = /Type="[^"]*\/officeDocument"[^>]*Target="\/?([^"]+)"|Target="\/?([^"]+)"[^>]*Type="[^"]*\/officeDocument"/.exec(rels);
  const mainPath = main?.[1] ?? main?.[2] ?? "word/document.xml";
  const dir = mainPath.includes("/") ? mainPath.slice(0, mainPath.lastIndexOf("/") + 1) : "";
  const out: string[] = [];
  for (const name of [mainPath, `${dir}footnotes.xml`, `${dir}endnotes.xml`]) {
    const part = parts.get(name);
    if (part) out.push(...partWords(part.toString("utf8")));
  }
  return out;
}

/** How many of `source`'s words `kept` holds, counting each repeat (a multiset intersection). */
export function wordsKept(source: string[], kept: string[]): number {
  const have = new Map<string, number>();
  for (const w of kept) have.set(w, (have.get(w) ?? 0) + 1);
  let n = 0;
  for (const w of source) {
    const left = have.get(w) ?? 0;
    if (left > 0) {
      n++;
      have.set(w, left - 1);
    }
  }
  return n;
}

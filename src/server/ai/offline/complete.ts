// Offline continuation. Without a language model nothing new can honestly be said, so the
// continuation is structural: it continues a list with the list's own marker, and otherwise
// closes with a recap sentence built only from the document's key phrases.
import { STOPWORDS, words } from "./text.js";

/** The most salient multi-word phrases: runs of content words, scored by frequency × length. */
export function keyPhrases(text: string, max = 3): string[] {
  const counts = new Map<string, { n: number; len: number; surface: string }>();
  for (const chunk of text.split(/[.!?;:,()\n"“”]+/)) {
    const ws = words(chunk);
    let run: string[] = [];
    const flush = () => {
      for (let len = Math.min(3, run.length); len >= 1; len--) {
        for (let i = 0; i + len <= run.length; i++) {
          const surface = run.slice(i, i + len).join(" ");
          const key = surface.toLowerCase();
          const entry = counts.get(key) ?? { n: 0, len, surface };
          entry.n++;
          counts.set(key, entry);
        }
      }
      run = [];
    };
    for (const w of ws) {
      if (w.length > 2 && !STOPWORDS.has(w.toLowerCase())) run.push(w);
      else flush();
    }
    flush();
  }
  // Repeated multi-word phrases first (they name the topic best), then single words.
  const entries = [...counts.entries()].map(([key, e]) => ({ key, ...e }));
  const multi = entries.filter((e) => e.len > 1 && e.n > 1).sort((a, b) => b.n * b.len - a.n * a.len);
  const single = entries.filter((e) => e.len === 1).sort((a, b) => b.n - a.n);
  const picked: string[] = [];
  for (const r of [...multi, ...single]) {
    // Skip phrases contained in (or containing) one already picked.
    if (picked.some((p) => p.toLowerCase().includes(r.key) || r.key.includes(p.toLowerCase()))) continue;
    picked.push(/^\p{Lu}\p{Ll}/u.test(r.surface) && !/^\p{Lu}{2}/u.test(r.surface) ? r.surface.toLowerCase() : r.surface);
    if (picked.length >= max) break;
  }
  return picked;
}

function joinList(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

/** Text to append after `text` (starts with the separator it needs). */
export function continueText(text: string): string {
  const trimmed = text.replace(/\s+$/, "");
  const lastLine = trimmed.split("\n").pop() ?? "";
  const list = /^(\s*)([-*•]|\d+[.)])\s+/.exec(lastLine);
  if (list) {
    const marker = /\d+/.test(list[2]!) ? `${Number.parseInt(list[2]!, 10) + 1}${list[2]!.replace(/\d+/, "")}` : list[2]!;
    return `\n${list[1]}${marker} `;
  }
  const phrases = keyPhrases(trimmed);
  const ending = /[.!?]["'”)]?$/.test(trimmed) ? " " : ". ";
  if (!phrases.length) return ending.trimEnd();
  return `${ending}In short, this comes down to ${joinList(phrases)}.`;
}

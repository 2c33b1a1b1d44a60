// Derived document stats computed without serializing the document.
// ProseMirror shares unchanged nodes between states, so per-top-level-block counts are
// cached by node identity: after a keystroke only the edited block is counted again.
import type { Node as PMNode } from "@tiptap/pm/model";
import { countWords, readingTimeMinutes } from "../../../shared/editor/text";

export interface DocStats {
  words: number;
  characters: number;
  /** Minutes: words / 200 rounded up, at least 1. */
  readingTime: number;
}

interface BlockCounts {
  words: number;
  characters: number;
}

const blockCache = new WeakMap<PMNode, BlockCounts>();

function countBlock(block: PMNode): BlockCounts {
  const cached = blockCache.get(block);
  if (cached) return cached;
  let characters = 0;
  block.descendants((node) => {
    if (node.isText) characters += node.text?.length ?? 0;
    return true;
  });
  // Blocks and leaves are separated by a space so "end.<p>Start" counts as two words.
  const words = countWords(block.textBetween(0, block.content.size, " ", " "));
  const counts = { words, characters };
  blockCache.set(block, counts);
  return counts;
}

/** Words, characters (text only, no block separators) and reading time of a document. */
export function computeDocStats(doc: PMNode): DocStats {
  let words = 0;
  let characters = 0;
  doc.forEach((block) => {
    const c = countBlock(block);
    words += c.words;
    characters += c.characters;
  });
  return { words, characters, readingTime: readingTimeMinutes(words) };
}

/** Stats of a plain string (the title is not counted; used where no document exists yet). */
export function textStats(text: string): DocStats {
  const words = countWords(text);
  return { words, characters: text.length, readingTime: readingTimeMinutes(words) };
}

export const EMPTY_STATS: DocStats = { words: 0, characters: 0, readingTime: 1 };

// Derived document stats computed without serializing the document.
// ProseMirror shares unchanged nodes between states, so per-top-level-block counts are
// cached by node identity: after a keystroke only the edited block is counted again.
import type { Node as PMNode } from "@tiptap/pm/model";
import { SUGGESTION_INSERT } from "../../../shared/editor/suggestion-names";
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

const isSuggestedInsert = (node: PMNode) => node.marks.some((m) => m.type.name === SUGGESTION_INSERT);

function countBlock(block: PMNode): BlockCounts {
  const cached = blockCache.get(block);
  if (cached) return cached;
  let characters = 0;
  let pending = false;
  block.descendants((node) => {
    if (!node.isText) return true;
    // Words a pending suggestion would add are not the writer's yet (those it would remove
    // still are), as in the exports (shared/editor/without-suggestions.ts).
    if (isSuggestedInsert(node)) pending = true;
    else characters += node.text?.length ?? 0;
    return false;
  });
  // Blocks and leaves are separated by a space so "end.<p>Start" counts as two words.
  const words = countWords(pending ? textWithoutInsertions(block) : block.textBetween(0, block.content.size, " ", " "));
  const counts = { words, characters };
  blockCache.set(block, counts);
  return counts;
}

/** The block's text as textBetween reads it, leaving out suggested insertions. */
function textWithoutInsertions(block: PMNode): string {
  let text = "";
  block.descendants((node) => {
    if (node.isText) {
      if (!isSuggestedInsert(node)) text += node.text ?? "";
      return false;
    }
    if (node.isBlock || node.isLeaf) text += " ";
    return true;
  });
  return text;
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

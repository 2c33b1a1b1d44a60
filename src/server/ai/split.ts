// Long texts for the text-transforming actions (improve, grammar, rewrite, tone) are sent
// in parts, so no answer is cut by the answer cap (MAX_ANSWER_TOKENS in prompts/common.ts):
// a 20,000-character selection needs more answer than one call may produce. Parts follow
// paragraph breaks; a paragraph too long on its own is split between sentences, then words.
// Each part keeps the whitespace that followed it, so the answers join back in order.
import { MAX_ANSWER_TOKENS } from "./prompts/common.js";
import { promptFor } from "./prompts/index.js";
import type { AiTask } from "./providers/types.js";

export interface TextPart {
  text: string;
  /** The original whitespace between this part and the next ("" for the last). */
  after: string;
}

/** Paragraph breaks, then sentence ends, then any whitespace. */
const LEVELS = [/(\s*\n\s*)/, /(?<=[.!?…])(\s+)/, /(\s+)/];

function splitKeeping(text: string, sep: RegExp): TextPart[] {
  const bits = text.split(sep);
  const parts: TextPart[] = [];
  for (let i = 0; i < bits.length; i += 2) {
    const part = { text: bits[i]!, after: bits[i + 1] ?? "" };
    const prev = parts.at(-1);
    if (!part.text && prev) prev.after += part.after;
    else parts.push(part);
  }
  return parts;
}

function slices(text: string, fits: (t: string) => boolean): TextPart[] {
  let size = text.length;
  while (size > 1 && !fits(text.slice(0, size))) size = Math.floor(size / 2);
  const out: TextPart[] = [];
  for (let i = 0; i < text.length; i += size) out.push({ text: text.slice(i, i + size), after: "" });
  return out;
}

function units(text: string, fits: (t: string) => boolean, level: number): TextPart[] {
  if (fits(text)) return [{ text, after: "" }];
  if (level >= LEVELS.length) return slices(text, fits);
  const pieces = splitKeeping(text, LEVELS[level]!);
  if (pieces.length === 1) return units(text, fits, level + 1);
  return pieces.flatMap((p) => {
    const inner = units(p.text, fits, level + 1);
    inner.at(-1)!.after += p.after;
    return inner;
  });
}

/** Splits `text` into as few parts as fit, each a run of whole paragraphs where possible. */
export function splitText(text: string, fits: (t: string) => boolean): TextPart[] {
  const out: TextPart[] = [];
  for (const u of units(text, fits, 0)) {
    const cur = out.at(-1);
    const joined = cur ? cur.text + cur.after + u.text : "";
    if (cur && fits(joined)) out[out.length - 1] = { text: joined, after: u.after };
    else out.push({ ...u });
  }
  return out;
}

const TRANSFORMS = new Set<AiTask["kind"]>(["improve", "grammar", "rewrite", "tone"]);

/** A prompt's answer budget is capped at MAX_ANSWER_TOKENS: reaching it means it may not fit. */
const answerFits = (task: AiTask) => (text: string) => promptFor({ ...task, text } as AiTask).maxTokens < MAX_ANSWER_TOKENS;

/** The upstream calls one task needs: one, or one per group of paragraphs. */
export function partsOf(task: AiTask): Array<{ task: AiTask; after: string }> {
  if (!TRANSFORMS.has(task.kind)) return [{ task, after: "" }];
  return splitText(task.text, answerFits(task)).map((p) => ({ task: { ...task, text: p.text } as AiTask, after: p.after }));
}

// Token estimate used when a provider does not report usage, and for the offline engine
// (so a month's balance means the same whichever engine answered). Roughly GPT-style:
// ~4 characters per token, at least one token per word or punctuation run.
export function estimateTokens(text: string): number {
  if (!text) return 0;
  const pieces = text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]+/gu)?.length ?? 0;
  return Math.max(pieces, Math.ceil(text.length / 4));
}

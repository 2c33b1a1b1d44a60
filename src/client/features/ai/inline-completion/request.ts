// The continuation behind the ghost text: POST /api/ai/complete as "continue", the paragraph
// as the text and the document before it as context (the server puts that context first).
import type { CompleteResponse } from "../../../../shared/contracts/ai";
import { apiJson } from "../../../lib/api";

export async function requestContinuation(input: { text: string; context: string }, signal: AbortSignal): Promise<string | null> {
  const body = { text: input.text, task: "continue", ...(input.context.trim() ? { context: input.context } : {}) };
  const res = await apiJson<CompleteResponse>("POST", "/api/ai/complete", body, { signal });
  return res.completion ?? null;
}

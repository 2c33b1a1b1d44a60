// The text endpoints: how each request becomes a provider task and how its answer is
// presented (the response shapes in shared/contracts/ai.ts). routes.ts registers each as JSON and, where listed, as SSE.
import type { z } from "zod";
import {
  AI_MAX_CONTEXT_CHARS,
  AI_MAX_TEXT_CHARS,
  type AiMeta,
  AlternativesRequest,
  type AlternativesResponse,
  AskRequest,
  type AskResponse,
  CompleteRequest,
  type CompleteResponse,
  GrammarRequest,
  type GrammarResponse,
  ImproveRequest,
  type ImproveResponse,
  OutlineRequest,
  type OutlineResponse,
  RewriteRequest,
  type RewriteResponse,
  type RewriteStyleId,
  SummarizeRequest,
  type SummarizeResponse,
  type ToneId,
  ToneRequest,
  type ToneResponse,
  isRewriteStyle,
  isTone,
} from "../../shared/contracts/ai.js";
import { badRequest, tooLarge } from "../http/errors.js";
import type { AiFeature } from "./gating.js";
import type { AiResult, AiTask } from "./providers/types.js";

export interface Endpoint<S extends z.ZodType = z.ZodType> {
  schema: S;
  streams: boolean;
  plan(body: z.infer<S>): { feature: AiFeature; task: AiTask };
  /** The JSON answer: one of the response shapes in src/shared/contracts/ai.ts. */
  present(result: AiResult, meta: AiMeta, body: z.infer<S>): AiMeta;
}

/** 413 when the text (or a completion's context) is over the per-request cap. */
export function capText(text: string, context?: string) {
  if (text.length > AI_MAX_TEXT_CHARS) {
    throw tooLarge(`Text is too long for AI: at most ${AI_MAX_TEXT_CHARS.toLocaleString("en-US")} characters per request.`);
  }
  if (context && context.length > AI_MAX_CONTEXT_CHARS) {
    throw tooLarge(`Context is too long for AI: at most ${AI_MAX_CONTEXT_CHARS.toLocaleString("en-US")} characters per request.`);
  }
}

const define = <S extends z.ZodType>(e: Endpoint<S>) => e as unknown as Endpoint;

export const ENDPOINTS: Record<string, Endpoint> = {
  improve: define({
    schema: ImproveRequest,
    streams: true,
    plan: (b) => ({ feature: "improve", task: { kind: "improve", text: b.text } }),
    present: (r, m): ImproveResponse => ({ improvement: r.text, ...m }),
  }),
  complete: define({
    schema: CompleteRequest,
    streams: true,
    plan: (b) => {
      if (b.task === "summary") return { feature: "summarize", task: { kind: "summary", text: b.text } };
      if (b.task === "outline") return { feature: "outline", task: { kind: "outline", text: b.text } };
      return { feature: "complete", task: { kind: "continue", text: b.text, context: b.context } };
    },
    present: (r, m, b): CompleteResponse => ({ completion: r.text, task: b.task ?? "continue", ...m }),
  }),
  rewrite: define({
    schema: RewriteRequest,
    streams: true,
    plan: (b) => {
      if (!isRewriteStyle(b.style)) throw badRequest("Invalid rewriting style");
      // Expand writes new text: its own row in the plan table (it needs a language model).
      return { feature: b.style === "expand" ? "expand" : "rewrite", task: { kind: "rewrite", text: b.text, style: b.style, prompt: b.prompt } };
    },
    // plan() has refused any other style.
    present: (r, m, b): RewriteResponse => ({ rewrittenText: r.text, style: b.style as RewriteStyleId, ...m }),
  }),
  tone: define({
    schema: ToneRequest,
    streams: true,
    plan: (b) => {
      if (!isTone(b.tone)) throw badRequest("Invalid tone option");
      return { feature: "tone", task: { kind: "tone", text: b.text, tone: b.tone, description: b.description } };
    },
    // plan() has refused any other tone.
    present: (r, m, b): ToneResponse => ({ adjustedText: r.text, tone: b.tone as ToneId, ...m }),
  }),
  grammar: define({
    schema: GrammarRequest,
    streams: false,
    plan: (b) => ({ feature: "grammar", task: { kind: "grammar", text: b.text } }),
    present: (r, m): GrammarResponse => {
      const changes = r.changes ?? [];
      return { correctedText: r.text, changes, result: { correctedText: r.text, corrections: changes }, ...m };
    },
  }),
  alternatives: define({
    schema: AlternativesRequest,
    streams: false,
    plan: (b) => ({ feature: "alternatives", task: { kind: "alternatives", text: b.text, count: b.count } }),
    present: (r, m): AlternativesResponse => ({ alternatives: r.alternatives ?? [], ...m }),
  }),
  rephrase: define({
    schema: AlternativesRequest,
    streams: false,
    plan: (b) => ({ feature: "rephrase", task: { kind: "alternatives", text: b.text, count: b.count } }),
    present: (r, m): AlternativesResponse => ({ alternatives: r.alternatives ?? [], ...m }),
  }),
  summarize: define({
    schema: SummarizeRequest,
    streams: true,
    plan: (b) => ({ feature: "summarize", task: { kind: "summary", text: b.text } }),
    present: (r, m): SummarizeResponse => ({ summary: r.text, ...m }),
  }),
  outline: define({
    schema: OutlineRequest,
    streams: true,
    plan: (b) => ({ feature: "outline", task: { kind: "outline", text: b.text } }),
    present: (r, m): OutlineResponse => ({ outline: r.text, ...m }),
  }),
  // Ask AI: a free instruction on the selection; gated like rewrite (the same editing tool).
  ask: define({
    schema: AskRequest,
    streams: true,
    plan: (b) => {
      capText(b.text, b.context);
      return { feature: "ask", task: { kind: "ask", text: b.text, instruction: b.instruction, context: b.context } };
    },
    present: (r, m): AskResponse => ({ result: r.text, ...m }),
  }),
};


// AI request/response contracts and the style and tone catalogues.
// Used by the server routes and the client alike.
import { z } from "zod";
import { DEFAULT_ALTERNATIVES_COUNT } from "../limits.js";

/** Largest extra context (characters) a completion accepts; larger → 413. */
export const AI_MAX_CONTEXT_CHARS = 20_000;
/** AI calls one user may have in flight at once; more → 429. */
export const AI_MAX_CONCURRENT_PER_USER = 3;
const AI_MAX_ALTERNATIVES = 5;

export * from "./ai-catalog.js";
import type { RewriteStyleId, ToneId } from "./ai-catalog.js";

// ---- requests -------------------------------------------------------------------------
// Text lengths are checked by the route (413 rather than 400), so the schemas only say "string".
const text = z.string().trim().min(1, "Text is required");

export const ImproveRequest = z.object({ text, documentId: z.string().optional() });
/** `task` lets the client ask for a summary or outline through complete (the spec's client does). */
const CompleteTask = z.enum(["continue", "summary", "outline"]);
type CompleteTask = z.infer<typeof CompleteTask>;
export const CompleteRequest = z.object({
  text,
  context: z.string().optional(),
  userId: z.string().optional(),
  task: CompleteTask.optional(),
});
export const RewriteRequest = z.object({ text, style: z.string(), prompt: z.string().max(2000).optional() });
export const ToneRequest = z.object({
  text,
  tone: z.string(),
  description: z.string().max(2000).optional(),
  userId: z.string().optional(),
});
export const GrammarRequest = z.object({ text });
export const AlternativesRequest = z.object({
  text,
  count: z.coerce.number().int().min(1).max(AI_MAX_ALTERNATIVES).default(DEFAULT_ALTERNATIVES_COUNT),
  userId: z.string().optional(),
});
export const AnalyzeRequest = z.object({ text, userId: z.string().optional(), type: z.string().optional() });
export const SummarizeRequest = z.object({ text });
export const OutlineRequest = z.object({ text });
export const CreateSuggestionRequest = z.union([
  z.object({
    /** The suggestion group's id in the document's marks, so whoever decides it later can record the outcome. */
    id: z.string().uuid().optional(),
    documentId: z.string().uuid().nullable().optional(),
    originalText: z.string().min(1),
    suggestedText: z.string(),
    type: z.string().max(50).default("improvement"),
  }),
  z.object({ text, type: z.literal("rewriting"), count: z.coerce.number().int().min(1).max(AI_MAX_ALTERNATIVES).default(DEFAULT_ALTERNATIVES_COUNT) }),
]);
/**
 * A decision on a suggestion's changes: `accepted` when a change was accepted; `settled` when
 * none of its changes is pending any more. Accepted once stays accepted; a suggestion
 * settled with no change accepted is rejected.
 */
export const UpdateSuggestionRequest = z.object({ accepted: z.boolean(), settled: z.boolean().default(true) });
/** "Ask AI": a free instruction applied to the selection (or the whole document). */
export const AskRequest = z.object({
  text,
  instruction: z.string().trim().min(1, "Instruction is required").max(2000),
  /** Surrounding document text, for reference only. */
  context: z.string().optional(),
});

// ---- responses ------------------------------------------------------------------------
export type AiEngine = "offline" | "openai-compatible";

export interface AiUsageBalance {
  /** Tokens this call consumed. */
  tokens: number;
  /** Tokens used this calendar month (UTC), after this call. */
  used: number;
  limit: number;
  remaining: number;
}

export interface AiMeta {
  engine: AiEngine;
  provider: string;
  model: string;
  usage: AiUsageBalance;
}

export interface GrammarChange {
  original: string;
  replacement: string;
  message: string;
  kind: string;
  /** Offset (UTF-16) of `original` in the submitted text. */
  offset: number;
  /** Every candidate, best first (`replacement` is the first); more than one means the writer chooses. */
  suggestions?: string[];
  /** True when the fix is unambiguous and may be applied without asking. */
  certain?: boolean;
}

export interface ImproveResponse extends AiMeta {
  improvement: string;
}
export interface CompleteResponse extends AiMeta {
  completion: string;
  /** The task asked for ("continue" when none was). */
  task: CompleteTask;
}
export interface RewriteResponse extends AiMeta {
  rewrittenText: string;
  style: RewriteStyleId;
}
export interface ToneResponse extends AiMeta {
  adjustedText: string;
  tone: ToneId;
}
export interface GrammarResponse extends AiMeta {
  correctedText: string;
  changes: GrammarChange[];
  /** The spec's second form, for clients reading `result`. */
  result: { correctedText: string; corrections: GrammarChange[] };
}
export interface AlternativesResponse extends AiMeta {
  alternatives: string[];
}
export interface SummarizeResponse extends AiMeta {
  summary: string;
}
export interface OutlineResponse extends AiMeta {
  outline: string;
}
export interface AskResponse extends AiMeta {
  result: string;
}

/** What AI this user has right now (GET /api/ai/capabilities). */
export interface AiCapabilities {
  /** A language model serves this user (their own connection or the server's); generative actions need one. */
  model: boolean;
  /** Whose model: the user's own connection, the server's provider, or none (the offline engine). */
  source: "user" | "server" | "offline";
  provider: string;
  modelName: string;
  /** Ghost-text completion is available (a model and the Professional plan, or the user's own connection). */
  inlineCompletion: boolean;
  /** Who checks grammar and spelling as the writer types: the browser itself, or the server's LanguageTool (POST /api/grammar/check). */
  grammarService: "built-in" | "languagetool";
}

export interface Readability {
  fleschReadingEase: number;
  fleschKincaidGrade: number;
  sentenceCount: number;
  wordCount: number;
  averageSentenceLength: number;
  longSentences: string[];
  passiveSentences: string[];
}

export interface AnalyzeResponse {
  engine: "offline";
  /** 1 (hard) … 10 (very easy), derived from Flesch reading ease. */
  readabilityScore: number;
  suggestions: string[];
  wordCount: number;
  estimatedReadingTime: number;
  readability: Readability;
  analysis: { readability: number; sentiment: "positive" | "neutral" | "negative"; suggestions: string[]; improvements: string[] };
}

export interface AiSuggestionRecord {
  id: string;
  documentId: string | null;
  originalText: string;
  suggestedText: string;
  type: string;
  accepted: boolean | null;
  createdAt: string;
}

export interface AiHealthResponse {
  /** "degraded": the model server did not answer as it should (GET {AI_BASE_URL}/models); the offline engine is always "ok". */
  status: "ok" | "degraded";
  /** Why it is degraded, for an operator (never the key or the address). */
  reason?: string;
  openai: boolean;
  deepseek: boolean;
  engine: AiEngine;
  provider: string;
  model: string;
}

/** Server-sent events of the streaming endpoints. */
export type AiStreamEvent =
  | { type: "delta"; text: string }
  | { type: "done"; text: string; engine: AiEngine; provider: string; model: string; usage: AiUsageBalance }
  | { type: "error"; error: string; message: string };

// AI request/response contracts (editor spec §3, §7) and the style and tone catalogues.
// Used by the server routes and the client alike.
import { z } from "zod";

/** Largest text (characters) one AI call accepts; larger → 413. */
export const AI_MAX_TEXT_CHARS = 20_000;
/** Largest extra context (characters) a completion accepts; larger → 413. */
export const AI_MAX_CONTEXT_CHARS = 20_000;
/** AI calls one user may have in flight at once; more → 429. */
export const AI_MAX_CONCURRENT_PER_USER = 3;
export const AI_MAX_ALTERNATIVES = 5;

export const REWRITE_STYLE_IDS = [
  "clarity",
  "concise",
  "expand",
  "professional",
  "casual",
  "persuasive",
  "academic",
  "creative",
] as const;
export type RewriteStyleId = (typeof REWRITE_STYLE_IDS)[number];

export interface RewriteStyle {
  id: RewriteStyleId;
  name: string;
  description: string;
  /** lucide-react icon name. */
  icon: string;
  /** Tailwind text colour class for the icon. */
  color: string;
  /** The instruction a language model receives for this style. */
  prompt: string;
}

export const REWRITE_STYLES: readonly RewriteStyle[] = [
  {
    id: "clarity",
    name: "Clarity",
    description: "Make the text clearer and easier to follow",
    icon: "Lightbulb",
    color: "text-yellow-500",
    prompt: "Rewrite the text so it is clearer and easier to understand: plain words, short sentences, active voice.",
  },
  {
    id: "concise",
    name: "Concise",
    description: "Remove filler and redundancy",
    icon: "Scissors",
    color: "text-red-500",
    prompt: "Rewrite the text more concisely: remove filler words, redundancy and wordy phrases; keep every fact.",
  },
  {
    id: "expand",
    name: "Expand",
    description: "Spell out ideas in more detail",
    icon: "Maximize2",
    color: "text-green-500",
    prompt: "Expand the text: spell out each idea more fully and connect the sentences, without adding new facts.",
  },
  {
    id: "professional",
    name: "Professional",
    description: "Formal, business-appropriate wording",
    icon: "Briefcase",
    color: "text-blue-500",
    prompt: "Rewrite the text in a professional, business-appropriate register: no slang, no contractions.",
  },
  {
    id: "casual",
    name: "Casual",
    description: "Relaxed, conversational wording",
    icon: "Coffee",
    color: "text-orange-500",
    prompt: "Rewrite the text in a relaxed, conversational register, using contractions and everyday words.",
  },
  {
    id: "persuasive",
    name: "Persuasive",
    description: "Confident wording that convinces",
    icon: "Target",
    color: "text-purple-500",
    prompt: "Rewrite the text to be persuasive: confident, direct, benefit-focused; remove hedging.",
  },
  {
    id: "academic",
    name: "Academic",
    description: "Scholarly, precise and impersonal",
    icon: "GraduationCap",
    color: "text-indigo-500",
    prompt: "Rewrite the text in an academic register: precise, impersonal, formal vocabulary, no contractions.",
  },
  {
    id: "creative",
    name: "Creative",
    description: "Vivid, varied and engaging",
    icon: "Palette",
    color: "text-pink-500",
    prompt: "Rewrite the text to be more vivid and engaging with varied sentence openings, without inventing facts.",
  },
];

export const TONE_IDS = ["professional", "friendly", "authoritative", "empathetic", "enthusiastic", "informative"] as const;
export type ToneId = (typeof TONE_IDS)[number];

export interface ToneOption {
  id: ToneId;
  name: string;
  description: string;
  example: string;
}

export const TONES: readonly ToneOption[] = [
  {
    id: "professional",
    name: "Professional",
    description: "Polished and businesslike",
    example: "We would be pleased to assist you with this request.",
  },
  { id: "friendly", name: "Friendly", description: "Warm and approachable", example: "Happy to help you with this!" },
  {
    id: "authoritative",
    name: "Authoritative",
    description: "Confident and decisive",
    example: "This approach will solve the problem.",
  },
  {
    id: "empathetic",
    name: "Empathetic",
    description: "Understanding and supportive",
    example: "We understand this can be frustrating, and we are here to help.",
  },
  {
    id: "enthusiastic",
    name: "Enthusiastic",
    description: "Energetic and upbeat",
    example: "This is a fantastic opportunity!",
  },
  {
    id: "informative",
    name: "Informative",
    description: "Neutral, factual and clear",
    example: "The update adds three features and fixes two bugs.",
  },
];

export const isRewriteStyle = (v: unknown): v is RewriteStyleId =>
  typeof v === "string" && (REWRITE_STYLE_IDS as readonly string[]).includes(v);
export const isTone = (v: unknown): v is ToneId => typeof v === "string" && (TONE_IDS as readonly string[]).includes(v);

// ---- requests -------------------------------------------------------------------------
// Text lengths are checked by the route (413 rather than 400), so the schemas only say "string".
const text = z.string().trim().min(1, "Text is required");

export const ImproveRequest = z.object({ text, documentId: z.string().optional() });
/** `task` lets the client ask for a summary or outline through complete (the spec's client does). */
export const CompleteTask = z.enum(["continue", "summary", "outline"]);
export type CompleteTask = z.infer<typeof CompleteTask>;
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
  count: z.coerce.number().int().min(1).max(AI_MAX_ALTERNATIVES).default(3),
  userId: z.string().optional(),
});
export const AnalyzeRequest = z.object({ text, userId: z.string().optional(), type: z.string().optional() });
export const SummarizeRequest = z.object({ text });
export const OutlineRequest = z.object({ text });
export const CreateSuggestionRequest = z.union([
  z.object({
    documentId: z.string().uuid().nullable().optional(),
    originalText: z.string().min(1),
    suggestedText: z.string(),
    type: z.string().max(50).default("improvement"),
  }),
  z.object({ text, type: z.literal("rewriting"), count: z.coerce.number().int().min(1).max(AI_MAX_ALTERNATIVES).default(3) }),
]);
export const UpdateSuggestionRequest = z.object({ accepted: z.boolean() });

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
}

export interface ImproveResponse extends AiMeta {
  improvement: string;
}
export interface CompleteResponse extends AiMeta {
  completion: string;
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
  status: "ok";
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

// The rewrite-style and tone catalogues, without zod, so the editor can
// show them without loading the request/response schemas.
/** Largest text (characters) one AI call accepts; larger → 413. Here, without zod, so the
 * editor can cut a whole document to it before sending. */
export const AI_MAX_TEXT_CHARS = 20_000;

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

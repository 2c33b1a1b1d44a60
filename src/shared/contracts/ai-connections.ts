// A user's own model connection (GET/PUT/DELETE /api/ai/connection): any OpenAI-compatible
// server (OpenAI, DeepSeek, Ollama, vLLM, llama.cpp, LM Studio) that then serves this user's AI.
// The key goes to the server once and never comes back: the view says only whether there
// is one and its last characters.
import { z } from "zod";

export const AI_CONNECTION_URL_MAX = 500;
export const AI_CONNECTION_MODEL_MAX = 200;
export const AI_CONNECTION_KEY_MAX = 500;
/** Characters of the key shown back to its owner, at most. */
export const AI_CONNECTION_KEY_HINT_CHARS = 4;

const httpUrl = z
  .string()
  .trim()
  .min(1, "Base URL is required")
  .max(AI_CONNECTION_URL_MAX, `Base URL is too long (at most ${AI_CONNECTION_URL_MAX} characters)`)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, "Base URL must be an http:// or https:// address, without a user name or password in it");

export const AiConnectionInput = z
  .object({
    baseUrl: httpUrl,
    model: z.string().trim().min(1, "Model is required").max(AI_CONNECTION_MODEL_MAX),
    /**
     * Optional: local servers (Ollama, llama.cpp) need none. Empty means no key; left out,
     * the stored key is kept when the address's origin is unchanged.
     */
    apiKey: z.string().trim().max(AI_CONNECTION_KEY_MAX).optional(),
  })
  .strict();
export type AiConnectionInput = z.infer<typeof AiConnectionInput>;

export interface AiConnectionView {
  baseUrl: string;
  model: string;
  hasKey: boolean;
  /** The key's last characters (at most AI_CONNECTION_KEY_HINT_CHARS), or null without a key. */
  keyHint: string | null;
  updatedAt: string;
}

/** GET /api/ai/connection, and the answer to PUT. */
export interface AiConnectionResponse {
  connection: AiConnectionView | null;
}

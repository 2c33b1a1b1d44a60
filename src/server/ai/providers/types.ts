// The provider interface: the offline engine and any OpenAI-compatible API answer the same tasks.
import type { AiEngine, GrammarChange, RewriteStyleId, ToneId } from "../../../shared/contracts/ai.js";
import type { ModelServerCheck } from "./probe.js";

export type AiTask =
  | { kind: "improve"; text: string }
  | { kind: "continue"; text: string; context?: string }
  | { kind: "summary"; text: string }
  | { kind: "outline"; text: string }
  | { kind: "rewrite"; text: string; style: RewriteStyleId; prompt?: string }
  | { kind: "tone"; text: string; tone: ToneId; description?: string }
  | { kind: "grammar"; text: string }
  | { kind: "alternatives"; text: string; count: number }
  /** Ask AI: the writer's own instruction applied to the text (context: the surrounding document). */
  | { kind: "ask"; text: string; instruction: string; context?: string };

/** Every task kind; an engine that cannot do one answers 409 model_required. */
export type AiTaskKind = AiTask["kind"];

export interface AiRunOptions {
  signal: AbortSignal;
  /** Called with each piece of the answer as it is produced (streaming endpoints). */
  onDelta?: (text: string) => void;
}

export interface AiResult {
  text: string;
  changes?: GrammarChange[];
  alternatives?: string[];
  /** Tokens consumed (reported by the provider, or estimated). */
  tokens: number;
}

export interface AiProvider {
  engine: AiEngine;
  /** "offline", "openai", "deepseek" or "custom". */
  name: string;
  model: string;
  /** Most tokens one call of this task may consume; reserved from the quota up front. */
  tokenCap(task: AiTask): number;
  run(task: AiTask, opts: AiRunOptions): Promise<AiResult>;
  /** Whether the model server answers (cached briefly); absent for an engine that calls no server. */
  health?(): Promise<ModelServerCheck>;
}

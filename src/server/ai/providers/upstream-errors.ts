// What a failed call to the model server means for the writer: one AppError per cause, with
// a message that says what happened and never the key. A refused key (or an unknown model or
// address) is the operator's to fix, so it is logged at error level for the server's provider;
// for a user's own connection it is theirs, and only noted.
import OpenAI from "openai";
import { aiBusy, aiMisconfigured, aiUnavailable } from "./answer-errors.js";
import type { AppError } from "../../http/errors.js";

export interface UpstreamLog {
  error(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface UpstreamOwner {
  /** The provider's name, for the log line. */
  name: string;
  baseURL?: string;
  model: string;
  /** The server's provider (default) or a user's own connection. */
  owner?: "server" | "user";
  log?: UpstreamLog;
}

/** The AppError for an error the SDK threw (not a timeout, not our own answer checks). */
export function upstreamError(err: unknown, who: UpstreamOwner): AppError {
  if (!(err instanceof OpenAI.APIError) || err.status === undefined) return aiUnavailable();
  const status = err.status;
  if (status === 429) return aiBusy(err.headers?.get("retry-after"));
  if (status === 401 || status === 403 || status === 404) {
    const owner = who.owner ?? "server";
    const what = status === 404 ? "does not know the model or the address" : "refused the API key";
    const fields = { status, provider: who.name, baseURL: who.baseURL ?? "https://api.openai.com/v1", model: who.model };
    if (owner === "server") who.log?.error(fields, `AI provider ${what}: check AI_BASE_URL, AI_API_KEY and AI_MODEL`);
    else who.log?.warn(fields, `a user's AI connection ${what}`);
    return aiMisconfigured(owner);
  }
  return aiUnavailable(status);
}

// Whether an OpenAI-compatible model server answers: GET {baseURL}/models, as every such
// server offers it (OpenAI, DeepSeek, Ollama, vLLM, llama.cpp server, LM Studio), with a short
// timeout. It costs no tokens. The reason never names the key or the address: /api/ai/health
// is public.
export interface ModelServerCheck {
  status: "ok" | "degraded";
  /** Why it is degraded, in words for an operator. */
  reason?: string;
}

export interface ProbeOptions {
  baseURL?: string;
  /** Absent or empty: no Authorization header. */
  apiKey?: string;
  model: string;
  /** Default 3 s. */
  timeoutMs?: number;
}

const OPENAI_URL = "https://api.openai.com/v1";

export async function probeModelServer(opts: ProbeOptions): Promise<ModelServerCheck> {
  const timeoutMs = opts.timeoutMs ?? 3000;
  const url = `${(opts.baseURL ?? OPENAI_URL).replace(/\/+$/, "")}/models`;
  let res: Response;
  try {
    res = await fetch(url, {
      headers: { accept: "application/json", ...(opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {}) },
      signal: AbortSignal.timeout(timeoutMs),
      redirect: "error",
    });
  } catch (err) {
    const timedOut = err instanceof DOMException && err.name === "TimeoutError";
    return { status: "degraded", reason: timedOut ? `The model server did not answer within ${timeoutMs / 1000} s.` : "The model server could not be reached." };
  }
  const body = await res.text().catch(() => "");
  if (res.status === 401 || res.status === 403) return { status: "degraded", reason: `The model server refused the API key (${res.status}).` };
  if (res.status === 429) return { status: "degraded", reason: "The model server is rate-limiting requests (429)." };
  if (!res.ok) return { status: "degraded", reason: `The model server answered ${res.status} to a request for its models.` };
  let ids: string[] | null = null;
  try {
    const data = (JSON.parse(body) as { data?: unknown }).data;
    if (Array.isArray(data)) ids = data.map((m) => (m as { id?: unknown })?.id).filter((id): id is string => typeof id === "string");
  } catch {
    ids = null;
  }
  if (!ids) return { status: "degraded", reason: "The model server did not answer with a list of models." };
  if (!ids.includes(opts.model)) return { status: "degraded", reason: `The model server does not offer the model "${opts.model}".` };
  return { status: "ok" };
}

/**
 * One check at a time and its result kept for `ttlMs`: a public endpoint asking for it as often
 * as it likes still asks the model server at most once per period.
 */
export function cachedCheck(check: () => Promise<ModelServerCheck>, ttlMs = 5000, now = () => Date.now()): () => Promise<ModelServerCheck> {
  let last: { at: number; result: Promise<ModelServerCheck> } | null = null;
  return () => {
    if (!last || now() - last.at >= ttlMs) last = { at: now(), result: check() };
    return last.result;
  };
}

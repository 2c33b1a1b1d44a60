// Tests a connection before it is saved: a one-token chat completion with the given model and
// key, which proves the address speaks the OpenAI API, the key is accepted and the model
// exists (a model list would prove only the first two). Every failure is a 422 that says
// what to fix; nothing is stored.
import type { AiConnectionInput } from "../../../shared/contracts/ai-connections.js";
import { publicOnlyDispatcher } from "./pinned-dispatcher.js";
import { connectionRefused } from "./url-guard.js";

const PROBE_TIMEOUT_MS = 15_000;
/** Enough for any error body or one-token answer; a bigger body is not read further. */
const MAX_BODY_BYTES = 64 * 1024;

export const chatCompletionsUrl = (baseUrl: string) => `${baseUrl.replace(/\/+$/, "")}/chat/completions`;

async function readCapped(res: Response): Promise<string> {
  if (!res.body) return "";
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  while (size < MAX_BODY_BYTES) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    size += value.byteLength;
  }
  await reader.cancel().catch(() => {});
  return Buffer.concat(chunks).toString("utf8").slice(0, MAX_BODY_BYTES);
}

/**
 * The upstream's own error message, shortened, when its body has one. A server that repeats
 * the key in its message does not get it to the page: a kept key was never sent back there.
 */
function upstreamMessage(body: string, key: string | undefined): string {
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown };
    const m = typeof parsed.error === "string" ? parsed.error : (parsed.error?.message ?? parsed.message);
    if (typeof m === "string" && m.trim()) {
      const said = key ? m.replaceAll(key, "•••") : m;
      return ` It said: "${said.trim().slice(0, 200)}".`;
    }
  } catch {
    // Not JSON: say nothing more than the status.
  }
  return "";
}

export async function probeConnection(input: AiConnectionInput, opts: { signal?: AbortSignal; publicOnly?: boolean } = {}): Promise<void> {
  const { signal } = opts;
  const url = chatCompletionsUrl(input.baseUrl);
  const headers: Record<string, string> = { "content-type": "application/json", accept: "application/json" };
  if (input.apiKey) headers.authorization = `Bearer ${input.apiKey}`;
  let res: Response;
  try {
    res = await fetch(url, {
      method: "POST",
      headers,
      body: JSON.stringify({ model: input.model, messages: [{ role: "user", content: "Say OK." }], max_tokens: 1, stream: false }),
      // A redirect could lead to an address the guard never checked.
      redirect: "manual",
      // The address checked is the address connected to (pinned-dispatcher.ts).
      ...(opts.publicOnly ? { dispatcher: await publicOnlyDispatcher() } : {}),
      signal: signal ? AbortSignal.any([signal, AbortSignal.timeout(PROBE_TIMEOUT_MS)]) : AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
  } catch (err) {
    const timedOut = err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");
    throw connectionRefused(
      timedOut
        ? `The model server at ${new URL(url).host} did not answer within ${PROBE_TIMEOUT_MS / 1000} seconds.`
        : `Could not connect to ${new URL(url).host}. Check the base URL and that the server is running.`,
    );
  }
  const body = await readCapped(res).catch(() => "");
  if (res.status >= 300 && res.status < 400) {
    throw connectionRefused(`The address redirects (${res.status}). Enter the address it leads to as the base URL.`);
  }
  if (res.status === 401 || res.status === 403) {
    throw connectionRefused(`The model server refused the API key (${res.status}).${upstreamMessage(body, input.apiKey)}`, "apiKey");
  }
  if (res.status === 404) {
    throw connectionRefused(
      `The model server answered 404 for ${url}. Check the base URL (it usually ends in /v1) and the model name.${upstreamMessage(body, input.apiKey)}`,
    );
  }
  if (!res.ok) throw connectionRefused(`The model server answered ${res.status}.${upstreamMessage(body, input.apiKey)}`);
  let parsed: { choices?: unknown } | null = null;
  try {
    parsed = JSON.parse(body) as { choices?: unknown };
  } catch {
    parsed = null;
  }
  if (!parsed || !Array.isArray(parsed.choices)) {
    throw connectionRefused("The address answered, but not as an OpenAI-compatible chat-completions API. Check the base URL.");
  }
}

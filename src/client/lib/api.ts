import { getAccessToken } from "./auth-client";

/** The server's error body (`{ error: "<code>", message, ...extra }`, DESIGN §5). */
export interface ApiErrorBody {
  error?: string;
  message?: string;
  [key: string]: unknown;
}

/**
 * Thrown for any non-OK response. `message` is "{status}: {text}" as the spec's
 * request helper does; `status` and the parsed `body` let callers branch on the
 * server's error code (e.g. 402 `upgrade_required`, 409 with the current document).
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: ApiErrorBody | null;

  constructor(status: number, text: string, body: ApiErrorBody | null) {
    super(`${status}: ${text}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  /** The server's machine-readable error code, when it sent one. */
  get code(): string | undefined {
    return typeof this.body?.error === "string" ? this.body.error : undefined;
  }
}

export type HttpMethod = "GET" | "POST" | "PUT" | "PATCH" | "DELETE";

/** Extra request headers (e.g. `Prefer`) and an abort signal. */
export interface RequestOptions {
  signal?: AbortSignal;
  headers?: Record<string, string>;
}

async function throwIfNotOk(res: Response): Promise<void> {
  if (res.ok) return;
  const raw = await res.text().catch(() => "");
  let body: ApiErrorBody | null = null;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) body = parsed as ApiErrorBody;
  } catch {
    // Not JSON (e.g. a proxy's HTML error page): keep the text only.
  }
  throw new ApiError(res.status, raw || res.statusText, body);
}

/**
 * Sends a request to our own server: bearer token when signed in, cookies included,
 * JSON body when given. Resolves with the OK response; throws `ApiError` otherwise.
 */
export async function apiRequest(
  method: HttpMethod,
  url: string,
  body?: unknown,
  init?: RequestOptions,
): Promise<Response> {
  const headers: Record<string, string> = { ...init?.headers };
  const token = await getAccessToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";

  const res = await fetch(url, {
    method,
    headers,
    body: body !== undefined ? JSON.stringify(body) : undefined,
    credentials: "include",
    signal: init?.signal,
  });
  await throwIfNotOk(res);
  return res;
}

/** `apiRequest` + parsed JSON (undefined for 204 / empty bodies). */
export async function apiJson<T>(method: HttpMethod, url: string, body?: unknown, init?: RequestOptions): Promise<T> {
  return jsonOf<T>(await apiRequest(method, url, body, init));
}

/** The parsed JSON of a response from our server (undefined when empty); throws `ApiError` when it is not OK. */
export async function jsonOf<T>(res: Response): Promise<T> {
  await throwIfNotOk(res);
  const text = await res.text();
  return (text ? JSON.parse(text) : undefined) as T;
}

/** True when `err` is an ApiError with the given status. */
export function isApiError(err: unknown, status?: number): err is ApiError {
  return err instanceof ApiError && (status === undefined || err.status === status);
}

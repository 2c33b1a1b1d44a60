// The one way end-to-end tests call the API directly (to set up what a test needs, or to
// check what was stored): as a signed-in user, JSON in and out, a non-2xx is an error.
import type { ApiSession } from "./auth.js";

export async function apiRequest<T>(
  baseUrl: string,
  session: Pick<ApiSession, "access_token">,
  method: string,
  path: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${session.access_token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

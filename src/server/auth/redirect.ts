// Where email links may send the browser: only pages on PUBLIC_URL's origin (an open
// redirect would hand the session in the fragment to another site); anything else falls
// back to PUBLIC_URL itself.
import type { Config } from "../config.js";

export function safeRedirect(config: Pick<Config, "publicUrl" | "publicOrigin">, candidate: string | null | undefined): string {
  if (!candidate) return `${config.publicUrl}/`;
  try {
    const url = new URL(candidate, config.publicUrl);
    if (url.origin !== config.publicOrigin) return `${config.publicUrl}/`;
    url.hash = "";
    return url.toString();
  } catch {
    return `${config.publicUrl}/`;
  }
}

export function verifyLink(config: Pick<Config, "publicUrl">, token: string, type: string, redirectTo: string): string {
  const q = new URLSearchParams({ token, type, redirect_to: redirectTo });
  return `${config.publicUrl}/auth/v1/verify?${q.toString()}`;
}

// Which browser origins may open /realtime: the app's own (PUBLIC_URL). In development the
// Vite dev server (another localhost port) proxies the socket, so loopback origins pass too.
import type { Config } from "../config.js";

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

export function originAllowed(config: Pick<Config, "publicOrigin" | "NODE_ENV">, origin: string | undefined): boolean {
  // Non-browser clients send no Origin; they still need a valid access token.
  if (origin === undefined) return true;
  if (origin === config.publicOrigin) return true;
  if (config.NODE_ENV !== "development") return false;
  try {
    return LOOPBACK.has(new URL(origin).hostname);
  } catch {
    return false;
  }
}

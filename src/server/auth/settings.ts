// Auth settings that src/server/config.ts does not carry yet. AUTH_SECURE_PASSWORD_CHANGE is
// read here, once, when the routes are registered (same spelling as AUTH_AUTOCONFIRM's
// booleans: true/1/yes); it belongs in config.ts's schema with the other settings.
import type { Config } from "../config.js";

export function securePasswordChange(config: Config, env: Record<string, string | undefined> = process.env): boolean {
  const fromConfig = (config as Config & { AUTH_SECURE_PASSWORD_CHANGE?: boolean }).AUTH_SECURE_PASSWORD_CHANGE;
  if (typeof fromConfig === "boolean") return fromConfig;
  const v = env.AUTH_SECURE_PASSWORD_CHANGE?.trim().toLowerCase();
  return v === "true" || v === "1" || v === "yes";
}

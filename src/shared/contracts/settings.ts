// Settings API contracts (preferences, notifications, account deletion), shared by the
// server routes and the Account Settings dialog.
import { z } from "zod";

const THEMES = ["light", "dark", "system"] as const;
const FONT_SIZES = ["small", "medium", "large"] as const;
const FONT_FAMILIES = ["inter", "serif", "mono"] as const;

export type Theme = (typeof THEMES)[number];
export type FontSize = (typeof FONT_SIZES)[number];
export type FontFamily = (typeof FONT_FAMILIES)[number];

export const preferencesSchema = z.object({
  theme: z.enum(THEMES),
  fontSize: z.enum(FONT_SIZES),
  fontFamily: z.enum(FONT_FAMILIES),
  autoSave: z.boolean(),
  showWordCount: z.boolean(),
  focusModeDefault: z.boolean(),
  /** Ghost-text completion while writing, where the user's AI offers it. */
  inlineCompletion: z.boolean(),
  /** Spelling and grammar underlined while writing, checked in the browser (no AI tokens). */
  grammarCheck: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;

/** PUT body: any subset; unknown keys are refused so a typo is a 400, not a silent no-op. */
export const preferencesPatchSchema = preferencesSchema.partial().strict();
export type PreferencesPatch = z.infer<typeof preferencesPatchSchema>;

export { DEFAULT_PREFERENCES } from "./settings-defaults.js";

export const notificationsSchema = z.object({
  marketing: z.boolean(),
  updates: z.boolean(),
  security: z.boolean(),
  /** Emails about mentions and replies in comment threads (the inbox keeps them either way). */
  comments: z.boolean(),
});
export type Notifications = z.infer<typeof notificationsSchema>;
export const notificationsPatchSchema = notificationsSchema.partial().strict();
export type NotificationsPatch = z.infer<typeof notificationsPatchSchema>;

export const DEFAULT_NOTIFICATIONS: Notifications = { marketing: true, updates: true, security: true, comments: true };

export const deleteAccountSchema = z.object({ confirmEmail: z.string().trim().min(1, "Type your email address to confirm") });

/**
 * Reads a stored value leniently: fields that are missing or no longer valid fall back to
 * their defaults, so an old row never breaks the settings screen.
 */
export function withDefaults<T extends Record<string, unknown>>(schema: z.ZodObject, defaults: T, stored: unknown): T {
  const out: Record<string, unknown> = { ...defaults };
  if (stored && typeof stored === "object") {
    for (const [key, field] of Object.entries(schema.shape)) {
      const value = (stored as Record<string, unknown>)[key];
      if ((field as z.ZodType).safeParse(value).success) out[key] = value;
    }
  }
  return out as T;
}

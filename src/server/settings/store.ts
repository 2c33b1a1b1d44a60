// Per-user preferences and notification settings, one row per user in `preferences`.
// Writes merge the patch into the stored JSON in SQL, so two concurrent partial saves
// never drop each other's fields; reads fill anything missing with the spec's defaults.
import { eq, sql } from "drizzle-orm";
import {
  DEFAULT_NOTIFICATIONS,
  DEFAULT_PREFERENCES,
  type Notifications,
  type NotificationsPatch,
  notificationsSchema,
  type Preferences,
  type PreferencesPatch,
  preferencesSchema,
  withDefaults,
} from "../../shared/contracts/settings.js";
import type { Db } from "../db/index.js";
import { preferences } from "../db/index.js";

async function readRow(db: Db, userId: string) {
  const [row] = await db
    .select({ preferences: preferences.preferences, notifications: preferences.notifications })
    .from(preferences)
    .where(eq(preferences.userId, userId));
  return row;
}

export async function getPreferences(db: Db, userId: string): Promise<Preferences> {
  const row = await readRow(db, userId);
  return withDefaults(preferencesSchema, DEFAULT_PREFERENCES, row?.preferences);
}

export async function getNotifications(db: Db, userId: string): Promise<Notifications> {
  const row = await readRow(db, userId);
  return withDefaults(notificationsSchema, DEFAULT_NOTIFICATIONS, row?.notifications);
}

export async function updatePreferences(db: Db, userId: string, patch: PreferencesPatch, now: Date): Promise<Preferences> {
  const [row] = await db
    .insert(preferences)
    .values({ userId, preferences: patch, updatedAt: now })
    .onConflictDoUpdate({
      target: preferences.userId,
      set: { preferences: sql`${preferences.preferences} || excluded.preferences`, updatedAt: now },
    })
    .returning({ preferences: preferences.preferences });
  return withDefaults(preferencesSchema, DEFAULT_PREFERENCES, row?.preferences);
}

export async function updateNotifications(
  db: Db,
  userId: string,
  patch: NotificationsPatch,
  now: Date,
): Promise<Notifications> {
  const [row] = await db
    .insert(preferences)
    .values({ userId, notifications: patch, updatedAt: now })
    .onConflictDoUpdate({
      target: preferences.userId,
      set: { notifications: sql`${preferences.notifications} || excluded.notifications`, updatedAt: now },
    })
    .returning({ notifications: preferences.notifications });
  return withDefaults(notificationsSchema, DEFAULT_NOTIFICATIONS, row?.notifications);
}

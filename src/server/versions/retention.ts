// Unnamed snapshots older than the owner's plan keeps them (VERSION_RETENTION_DAYS: Gratis 7
// days, Creator 90, Professional always) are deleted by the upkeep; named ones stay, and so
// does the first version (the document as created or imported), where every history starts. The plan
// rule is billing/plan-lookup.ts's, in SQL: a subscription counts while it is active or
// trialing and its period has not ended.
import { VERSION_RETENTION_DAYS } from "../../shared/contracts/versions.js";
import type { AppContext } from "../context.js";

const PURGE = `
  DELETE FROM document_versions v
  USING documents d
  LEFT JOIN subscriptions s ON s.user_id = d.user_id
    AND s.status IN ('active', 'trialing')
    AND (s.current_period_end IS NULL OR s.current_period_end > $1::timestamptz)
  WHERE v.document_id = d.id
    AND v.name IS NULL
    AND v.kind <> 'created'
    AND CASE coalesce(s.plan, 'gratis')
      WHEN 'professional' THEN false
      WHEN 'creator' THEN v.created_at < $1::timestamptz - make_interval(days => $2::int)
      ELSE v.created_at < $1::timestamptz - make_interval(days => $3::int)
    END
  RETURNING v.id`;

/** Deletes the unnamed snapshots past their plan's retention; returns how many. */
export async function purgeExpiredVersions(ctx: AppContext): Promise<number> {
  const rows = await ctx.database.sql.query(PURGE, [ctx.now().toISOString(), VERSION_RETENTION_DAYS.creator, VERSION_RETENTION_DAYS.gratis]);
  return rows.length;
}

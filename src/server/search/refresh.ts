// Brings search vectors up to date before a search reads them. A save or a live store only
// marks its document's vector stale (db/migrations/0150_search_deferred.sql): computing it
// on every autosave was most of the save's database work, for a vector read only here. The
// documents a search is about to read (the user's own and those shared with them, not in the
// trash) get their vector once, and then stay fresh until their title or text changes again.
import { sql } from "drizzle-orm";
import type { AppContext } from "../context.js";

/**
 * Refreshes the stale vectors of every document `userId` may search. Rows are locked in id
 * order: two searches refreshing the same shared documents on PostgreSQL wait for each other
 * instead of deadlocking, and the second finds nothing left to do. A save holding a row makes
 * the refresh wait for it and then read what it wrote.
 */
export async function refreshSearchVectors(ctx: AppContext, userId: string): Promise<void> {
  await ctx.db.execute(
    sql`update documents set search = document_search_vector(documents.title, documents.text_content), search_stale = false
        from (select d.id from documents d
              where d.search_stale and d.deleted_at is null
                and (d.user_id = ${userId} or exists (select 1 from document_members m where m.document_id = d.id and m.user_id = ${userId}))
              order by d.id for update of d) stale
        where documents.id = stale.id and documents.search_stale`,
  );
}

/** A document is refreshed in the background once its text has rested this long. */
export const SEARCH_REFRESH_QUIET_MS = 60_000;
/** Most vectors one background pass computes (~4 ms each for 27 KB of text). */
const SEARCH_REFRESH_BATCH = 100;

/**
 * The background side (upkeep.ts, every minute): vectors of documents nobody has written for
 * a minute, a batch at a time. A writer's many autosaves then cost one vector, and a search
 * finds at most the last minute's documents left to refresh, instead of every document
 * edited since the user last searched. Rows a search or a save holds are skipped, not
 * waited for.
 */
export async function refreshRestingVectors(ctx: AppContext): Promise<number> {
  const restedSince = new Date(ctx.now().getTime() - SEARCH_REFRESH_QUIET_MS).toISOString();
  const rows = await ctx.database.sql.query(
    `update documents set search = document_search_vector(documents.title, documents.text_content), search_stale = false
     from (select d.id from documents d
           where d.search_stale and d.updated_at < $1::timestamptz
           order by d.id limit ${SEARCH_REFRESH_BATCH} for update of d skip locked) stale
     where documents.id = stale.id and documents.search_stale
     returning documents.id`,
    [restedSince],
  );
  return rows.length;
}

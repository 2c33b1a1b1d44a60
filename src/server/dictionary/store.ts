// The personal dictionary's rows: every statement carries the user's id, so no route reaches
// another writer's words.
import { and, asc, count, eq } from "drizzle-orm";
import type { PersonalDictionary, PersonalDictionaryChange } from "../../shared/contracts/grammar.js";
import { PERSONAL_DICTIONARY_MAX } from "../../shared/grammar/personal-limits.js";
import type { Db } from "../db/index.js";
import { personalDictionary as table } from "../db/index.js";
import { conflict } from "../http/errors.js";

export async function readPersonalDictionary(db: Db, userId: string): Promise<PersonalDictionary> {
  const rows = await db
    .select({ kind: table.kind, rule: table.rule, entry: table.entry })
    .from(table)
    .where(eq(table.userId, userId))
    .orderBy(asc(table.createdAt), asc(table.entry));
  return {
    words: rows.filter((r) => r.kind === "word").map((r) => r.entry),
    ignored: rows.filter((r) => r.kind === "ignore").map((r) => ({ rule: r.rule, text: r.entry })),
  };
}

type Row = { kind: "word" | "ignore"; rule: string; entry: string };

function rowsOf(set: PersonalDictionaryChange["add"]): Row[] {
  return [
    ...(set?.words ?? []).map((w): Row => ({ kind: "word", rule: "", entry: w })),
    ...(set?.ignored ?? []).map((f): Row => ({ kind: "ignore", rule: f.rule, entry: f.text })),
  ];
}

/** Applies removals then additions in one transaction; more than the limit in all is a 409 and changes nothing. */
export async function changePersonalDictionary(db: Db, userId: string, change: PersonalDictionaryChange, now: Date): Promise<void> {
  const removals = rowsOf(change.remove);
  const additions = rowsOf(change.add);
  await db.transaction(async (tx) => {
    for (const r of removals) {
      await tx
        .delete(table)
        .where(and(eq(table.userId, userId), eq(table.kind, r.kind), eq(table.rule, r.rule), eq(table.entry, r.entry)));
    }
    if (additions.length === 0) return;
    await tx
      .insert(table)
      .values(additions.map((r) => ({ userId, ...r, createdAt: now })))
      .onConflictDoNothing();
    const [total] = await tx.select({ n: count() }).from(table).where(eq(table.userId, userId));
    if ((total?.n ?? 0) > PERSONAL_DICTIONARY_MAX) {
      throw conflict(`Your dictionary is full (${PERSONAL_DICTIONARY_MAX} words and ignored findings). Remove some first.`, {
        limit: PERSONAL_DICTIONARY_MAX,
      });
    }
  });
}

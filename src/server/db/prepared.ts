// Statements on the hottest paths (the autosave, the session lookup on a cold cache) are
// built and prepared once per database handle instead of on every call. Keyed by handle
// because a process can hold several (the tests open one per suite).
import type { Db } from "./providers/index.js";

export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) {
      statement = prepare(db);
      statements.set(db, statement);
    }
    return statement;
  };
}

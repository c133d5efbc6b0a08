import type { SqliteDatabase } from './sqlite-database.js';

/** Statements kept per connection: SQL built per call (IN lists of some length) stays within this many. */
const KEPT = 256;

/**
 * Makes `db.prepare(sql)` give back the statement it prepared before for the same SQL, so that the
 * repositories can prepare each statement where they run it and a checkout still compiles none:
 * preparing costs about as much as running a short query. Sound because this adapter never leaves a
 * statement part way through (no iterate()) nor changes one's mode (pluck, raw, expand). The least
 * recently used statement goes first.
 */
export function reusePreparedStatements(db: SqliteDatabase): void {
  const prepare = db.prepare.bind(db);
  const kept = new Map<string, ReturnType<typeof prepare>>();
  db.prepare = ((sql: string) => {
    const known = kept.get(sql);
    if (known) {
      kept.delete(sql);
      kept.set(sql, known);
      return known;
    }
    const statement = prepare(sql);
    kept.set(sql, statement);
    if (kept.size > KEPT) kept.delete(kept.keys().next().value!);
    return statement;
  }) as SqliteDatabase['prepare'];
}

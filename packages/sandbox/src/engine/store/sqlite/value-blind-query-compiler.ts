/**
 * Kysely's SQLite query compiler with every bound value written `+?` instead of `?`, so that
 * SQLite plans each statement without looking at the values bound to it.
 *
 * SQLite's planner reads a bare `?`'s value where it helps: a `limit ?`, a `like ?` or `glob ?`
 * pattern, a `column = ?` beside a join or an `order by` (is it 0 or 1?), a `column = ?` against a
 * partial index's condition, stat4 samples. It then marks the statement to be prepared again
 * whenever that value is bound anew, and better-sqlite3 clears a statement's values after every
 * run (unless they were bound for good): such a statement was parsed and planned again at every
 * run, the access token's read 10 to 20 times its cost. A unary plus does not change the value or
 * its affinity, and indexes are used as before (the column side decides), but SQLite reads only
 * bare `?`s: the statement keeps its plan, the one it would make before any value is bound.
 */
import { SqliteQueryCompiler } from 'kysely';

/** SQLite's query compiler, with placeholders the planner does not look into. */
export class ValueBlindSqliteQueryCompiler extends SqliteQueryCompiler {
  protected override getCurrentParameterPlaceholder(): string {
    return '+?';
  }
}

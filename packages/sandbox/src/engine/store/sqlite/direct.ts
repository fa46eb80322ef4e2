/**
 * Prepared queries inside a SQLite transaction run their statement straight on the connection.
 * Inside a transaction the connection is already that transaction's alone (every other query
 * waits for it), and better-sqlite3 runs a statement synchronously, so the layers Kysely puts
 * around each query (a new executor, connection hand-over, several promises) only add time: on a
 * write request, which runs ten or so statements, they cost about as much as SQLite itself.
 * Outside transactions, and on PostgreSQL, queries take the normal way (`directSqliteOf` in
 * `sqlite-extras.ts` decides).
 *
 * The statements come from the same statement cache as Kysely's (so the read cache sees every one
 * of them) and give the same results: rows for a reader, `numAffectedRows` and `insertId` for a
 * write.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import type { QueryResult } from 'kysely';

/** Runs one statement with its parameters and returns what Kysely's SQLite driver would. */
export type DirectSqlite = <R>(sql: string, parameters: unknown[]) => QueryResult<R>;

/** Runs statements on `database` (the store's connection, with its statement cache). */
export function createDirectSqlite(database: SqliteDatabase): DirectSqlite {
  return <R>(sql: string, parameters: unknown[]): QueryResult<R> => {
    const statement = database.prepare(sql);
    if (statement.reader) {
      return { rows: statement.all(parameters) as R[] };
    }
    const { changes, lastInsertRowid } = statement.run(parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  };
}

/**
 * What a SQLite store attaches to its Kysely database for the prepared queries: the read cache
 * (`sqlite-read-cache.ts`) and the direct way to run statements inside transactions
 * (`sqlite-direct.ts`). Both are found again from the database or any of its transactions, which
 * share the dialect's adapter. A PostgreSQL database has none.
 */
import type { DirectSqlite } from './direct.js';
import type { SqliteReadCache } from './read-cache.js';

/** The SQLite additions of one store. */
export interface SqliteExtras {
  readonly readCache: SqliteReadCache;
  readonly runDirect: DirectSqlite;
}

/** A Kysely database or one of its transactions. */
interface HasExecutor {
  readonly isTransaction: boolean;
  getExecutor(): { readonly adapter: object };
}

const extrasByAdapter = new WeakMap<object, SqliteExtras>();

/** Attaches `extras` to `db`, so that prepared queries on it or its transactions use them. */
export function attachSqliteExtras(db: HasExecutor, extras: SqliteExtras): void {
  extrasByAdapter.set(db.getExecutor().adapter, extras);
}

/** The extras attached to `db`, if it is a SQLite store's database or transaction. */
export function sqliteExtrasOf(db: HasExecutor): SqliteExtras | undefined {
  return extrasByAdapter.get(db.getExecutor().adapter);
}

/**
 * The direct way to run statements of `db` (whose extras are `extras`), if it is a SQLite
 * transaction; otherwise `undefined`: outside a transaction the connection is not `db`'s alone.
 */
export function directSqliteOf(db: HasExecutor, extras = sqliteExtrasOf(db)): DirectSqlite | undefined {
  return db.isTransaction ? extras?.runDirect : undefined;
}

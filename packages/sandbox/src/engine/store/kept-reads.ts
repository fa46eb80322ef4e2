/**
 * Compiled statements run on a store's database or transaction, answered from its kept reads when
 * it has them. On SQLite the read cache (`sqlite/read-cache.ts`) keeps the results of prepared
 * reads; asking Kysely's executor for one that is kept (a connection acquired and released, a
 * handful of promises) costs more than the lookup itself, and most reads of a request are kept.
 * So the store registers its lookup for the database and each transaction it hands out
 * ({@link answerKeptReads}), and {@link executeCompiled} asks it first, going to the executor only
 * when nothing current is kept. The answer is the one the connection would give: the same lookup,
 * the same rows. A database no store handed out (one with a plugin added, say) has none: every
 * statement goes through its executor, so its plugins see each read.
 */
import type { CompiledQuery, QueryResult } from 'kysely';

/** The kept result of `query` if it is a cacheable read whose result is current; else `undefined`. */
export type KeptReads = (query: CompiledQuery) => QueryResult<unknown> | undefined;

const keptReadsOf = new WeakMap<object, KeptReads>();

/** Lets {@link executeCompiled} answer from `keptReads` on `db` (a store's database or transaction); returns `db`. */
export function answerKeptReads<T extends object>(db: T, keptReads: KeptReads): T {
  keptReadsOf.set(db, keptReads);
  return db;
}

/** The kept reads registered for `db`, if any. */
export function keptReadsFor(db: object): KeptReads | undefined {
  return keptReadsOf.get(db);
}

/**
 * Runs `query` on `db` as `db.executeQuery` does, answering a kept read at once when `db` has
 * kept reads ({@link answerKeptReads}). A failed lookup rejects, as the executor's would.
 */
export function executeCompiled<R>(
  db: { executeQuery<T>(query: CompiledQuery<T>): Promise<QueryResult<T>> },
  query: CompiledQuery<R>,
): Promise<QueryResult<R>> {
  const keptReads = keptReadsOf.get(db);
  if (keptReads !== undefined) {
    let kept: QueryResult<unknown> | undefined;
    try {
      kept = keptReads(query);
    } catch (error) {
      return Promise.reject(error);
    }
    if (kept !== undefined) {
      return Promise.resolve(kept as QueryResult<R>);
    }
  }
  return db.executeQuery(query);
}

/**
 * What a statement costs on the store a database or transaction belongs to, and the choices made
 * from it. Features never ask which database runs: where a piece of store work is cheaper written
 * another way on a store whose statements each cost a round trip (PostgreSQL, over the network)
 * than on one whose statements cost none (SQLite, in process), the feature writes it both ways
 * with {@link twoWays} and the store picks; row locks are asked for with {@link lockedForChange}.
 */
import type { Kysely, SelectQueryBuilder, Transaction } from 'kysely';
import type { Database } from './database.js';
import { engineOf } from './engine-of.js';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Whether each statement `db` waits for costs a round trip to a database server (true on
 * PostgreSQL): work on it sends as few statements as it can, together where it can.
 */
export function statementsCostRoundTrips(db: object): boolean {
  return engineOf(db) === 'postgres';
}

/** One piece of store work on a database or transaction `D`, written for each kind of store. */
export interface TwoWays<D extends Db, A extends unknown[], R> {
  /**
   * For a store whose statements each cost a round trip: as few statements as possible (one
   * statement with data-modifying CTEs, reads sent together with the writes).
   */
  fewStatements(db: D, ...args: A): R;
  /**
   * For a store whose statements cost no round trip: plain statements one after another (a
   * synchronous engine, fastest with small statements and bound parameters).
   */
  plainStatements(db: D, ...args: A): R;
}

/**
 * The work of `ways` as one function: it runs the way that suits the store `db` belongs to. Both
 * ways must have the same effect and answer; the tests of the feature run on both stores.
 */
export function twoWays<D extends Db, A extends unknown[], R>(ways: TwoWays<D, A, R>): (db: D, ...args: A) => R {
  return (db, ...args) =>
    statementsCostRoundTrips(db) ? ways.fewStatements(db, ...args) : ways.plainStatements(db, ...args);
}

/**
 * `query` reading rows a transaction goes on to change: they stay locked (`for update`) until
 * `trx` ends where the store locks rows, so a concurrent change waits and then reads the rows as
 * this transaction left them. A store that runs one writing transaction at a time needs no lock.
 */
export function lockedForChange<TB extends keyof Database, O>(
  trx: Transaction<Database>,
  query: SelectQueryBuilder<Database, TB, O>,
): SelectQueryBuilder<Database, TB, O> {
  return statementsCostRoundTrips(trx) ? query.forUpdate() : query;
}

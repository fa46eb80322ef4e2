/**
 * Which engine each database and transaction a store hands out runs on. Prepared queries compile
 * once per engine (SQLite and PostgreSQL compile to different SQL) and look the engine up here,
 * since Kysely has no public way to ask a database or transaction for its dialect. A database no
 * store handed out (one with a plugin added, say) is unknown: a prepared query compiles on it at
 * each call, so its plugins apply as they would to any query built on it.
 */
import type { Engine } from './migrations/index.js';

const engines = new WeakMap<object, Engine>();

/** Records that `db` (a store's database or one of its transactions) runs on `engine`; returns `db`. */
export function handOut<T extends object>(db: T, engine: Engine): T {
  engines.set(db, engine);
  return db;
}

/** The engine `db` runs on, if a store handed it out. */
export function engineOf(db: object): Engine | undefined {
  return engines.get(db);
}

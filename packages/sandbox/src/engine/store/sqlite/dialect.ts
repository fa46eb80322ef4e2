/**
 * A SQLite dialect composed of Kysely's own SQLite pieces (adapter, introspector, and its query
 * compiler writing placeholders the planner does not look into: `value-blind-query-compiler.ts`)
 * around a driver of the store's making: the store's layers (group commit, read cache) wrap
 * Kysely's `SqliteDriver`, so every query still goes through Kysely's executor, plugins and
 * logging included, and the fast paths live in the driver and its connection.
 */
import {
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  SqliteAdapter,
  SqliteIntrospector,
} from 'kysely';
import { ValueBlindSqliteQueryCompiler } from './value-blind-query-compiler.js';

/** A SQLite {@link Dialect} whose driver `createDriver` makes (once per Kysely instance). */
export function composeSqliteDialect(createDriver: () => Driver): Dialect {
  return {
    createDriver,
    createQueryCompiler: (): QueryCompiler => new ValueBlindSqliteQueryCompiler(),
    createAdapter: (): DialectAdapter => new SqliteAdapter(),
    // biome-ignore lint/suspicious/noExplicitAny: Kysely's Dialect interface takes any database.
    createIntrospector: (db: Kysely<any>): DatabaseIntrospector => new SqliteIntrospector(db),
  };
}

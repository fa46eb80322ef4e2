/**
 * Statements sent together. On PostgreSQL a transaction's statements go out one at a time (the
 * query layer waits for each answer before it sends the next), so each costs a round trip;
 * {@link together} hands several to the connection at once instead, as one query of the query
 * layer that the pool's client class expands (`postgres/statements-together.ts`): with pipeline
 * mode they share one round trip, and run in the order given, in the transaction (or on the one
 * connection) of `db`. On SQLite they simply run one after another.
 *
 * Use it for statements that do not need each other's answers: the reads a decision needs, or a
 * write whose outcome is checked in Node afterwards (rolled back by throwing when it must not stand).
 */
import { CompiledQuery, type Kysely, type QueryResult, type Transaction } from 'kysely';
import type { Database } from './database.js';
import { engineOf } from './engine-of.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The SQL text of the query that carries statements sent together (never sent as it is). */
export const TOGETHER_MARKER = '/* svc: statements together */';

/** One statement of a batch, as the client class receives it. */
export interface TogetherStatement {
  sql: string;
  parameters: readonly unknown[];
}

/** One answer of a batch, as the client class returns it (pg's result fields). */
export interface TogetherAnswer {
  command: string;
  rowCount: number | null;
  rows: unknown[];
}

/** The results of `T`, statement by statement, each typed by its statement's rows. */
export type Results<T extends readonly CompiledQuery<unknown>[]> = {
  [K in keyof T]: T[K] extends CompiledQuery<infer R> ? QueryResult<R> : never;
};

/**
 * Runs `queries` in order on `db`: on PostgreSQL all handed to its connection at once (one round
 * trip), elsewhere one after another. Resolves with their results in order; rejects with the
 * first failure (on PostgreSQL after every answer is in: in a transaction, the later statements
 * then fail too, and the transaction is rolled back).
 */
export async function together<const T extends readonly CompiledQuery<unknown>[]>(
  db: Db,
  queries: T,
): Promise<Results<T>> {
  if (engineOf(db) !== 'postgres') {
    const results: QueryResult<unknown>[] = [];
    for (const query of queries) {
      results.push(await db.executeQuery(query));
    }
    return results as Results<T>;
  }
  const batch: TogetherStatement[] = queries.map((query) => ({ sql: query.sql, parameters: query.parameters }));
  const { rows } = await db.executeQuery<TogetherAnswer>(CompiledQuery.raw(TOGETHER_MARKER, [batch]));
  return rows.map((answer) => ({
    rows: answer.rows,
    numAffectedRows: /^(INSERT|UPDATE|DELETE|MERGE)$/.test(answer.command) ? BigInt(answer.rowCount ?? 0) : undefined,
  })) as Results<T>;
}

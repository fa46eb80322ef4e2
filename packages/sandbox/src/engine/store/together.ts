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
import { executeCompiled } from './kept-reads.js';

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

/** Statements of a batch that answer together: one, a list, or a record of them. */
type Group =
  | CompiledQuery<unknown>
  | readonly CompiledQuery<unknown>[]
  | { readonly [name: string]: CompiledQuery<unknown> };

/**
 * One part of a {@link Batch}: a statement, none (`undefined`, for one sent only sometimes), a
 * list of statements, or a list of groups (the same reads for each of several tokens, say).
 */
export type BatchPart = Group | undefined | readonly Group[];

/**
 * Statements to send together: a list of parts, or a record of named parts. They are sent in the
 * order they are written (a record's in the order of its keys, depth first).
 */
export type Batch = readonly BatchPart[] | { readonly [name: string]: BatchPart };

/** The answer of one statement, or of a list or record of them, shaped as it is. */
type Answer<P> =
  P extends CompiledQuery<infer R>
    ? QueryResult<R>
    : P extends undefined
      ? undefined
      : P extends readonly unknown[]
        ? { -readonly [K in keyof P]: Answer<P[K]> }
        : { -readonly [K in keyof P]: Answer<P[K]> };

/** The answers of a {@link Batch}, shaped as it is: each statement's result typed by its rows. */
export type Answers<B extends Batch> = { -readonly [K in keyof B]: Answer<B[K]> };

/** The results of a list of statements, in order (the {@link Answers} of a list). */
export type Results<T extends readonly CompiledQuery<unknown>[]> = Answers<T>;

/** Whether `part` of a batch is one statement. */
function isStatement(part: unknown): part is CompiledQuery<unknown> {
  return (
    typeof (part as CompiledQuery | undefined)?.sql === 'string' && Array.isArray((part as CompiledQuery).parameters)
  );
}

/** The statements of `batch`, in the order they are sent. */
function statementsOf(batch: unknown, into: CompiledQuery<unknown>[] = []): CompiledQuery<unknown>[] {
  if (batch === undefined) {
    return into;
  }
  if (isStatement(batch)) {
    into.push(batch);
  } else if (Array.isArray(batch)) {
    for (const part of batch) {
      statementsOf(part, into);
    }
  } else {
    for (const part of Object.values(batch as object)) {
      statementsOf(part, into);
    }
  }
  return into;
}

/** `batch` with each statement replaced by its result, taken in order from `results`. */
function answersOf(batch: unknown, results: Iterator<QueryResult<unknown>>): unknown {
  if (batch === undefined) {
    return undefined;
  }
  if (isStatement(batch)) {
    return results.next().value;
  }
  if (Array.isArray(batch)) {
    return batch.map((part) => answersOf(part, results));
  }
  return Object.fromEntries(Object.entries(batch as object).map(([name, part]) => [name, answersOf(part, results)]));
}

/**
 * Runs the statements of `batch` in order on `db`: on PostgreSQL all handed to its connection at
 * once (one round trip), elsewhere one after another. Resolves with their answers shaped as
 * `batch` ({@link Answers}): a record of statements answers a record of results, so nothing is
 * read by position. Rejects with the first failure (on PostgreSQL after every answer is in: in a
 * transaction, the later statements then fail too, and the transaction is rolled back).
 *
 * @example
 * const { claimed, party, reserved } = await together(trx, {
 *   claimed: key.claim,
 *   party: partyStatements,
 *   reserved: isCredit ? reservation : undefined,
 * });
 */
export async function together<const B extends Batch>(db: Db, batch: B): Promise<Answers<B>> {
  const queries = statementsOf(batch);
  const results = await runInOrder(db, queries);
  return answersOf(batch, results[Symbol.iterator]()) as Answers<B>;
}

/** Runs `queries` in order on `db` (see {@link together}) and answers their results in order. */
async function runInOrder(db: Db, queries: readonly CompiledQuery<unknown>[]): Promise<QueryResult<unknown>[]> {
  if (engineOf(db) !== 'postgres') {
    const results: QueryResult<unknown>[] = [];
    for (const query of queries) {
      results.push(await executeCompiled(db, query));
    }
    return results;
  }
  const batch: TogetherStatement[] = queries.map((query) => ({ sql: query.sql, parameters: query.parameters }));
  const { rows } = await db.executeQuery<TogetherAnswer>(CompiledQuery.raw(TOGETHER_MARKER, [batch]));
  return rows.map((answer) => ({
    rows: answer.rows,
    numAffectedRows: /^(INSERT|UPDATE|DELETE|MERGE)$/.test(answer.command) ? BigInt(answer.rowCount ?? 0) : undefined,
  }));
}

/**
 * Queries built and compiled once, then run with new parameter values. Building a Kysely query
 * (immutable nodes) and compiling it to SQL costs more than running it on SQLite; the hot reads of
 * every request (the token lookup, the accounts of an Item) skip both after their first use.
 *
 * A query is built with named placeholders ({@link Placeholders}) where values go; it is compiled
 * once per engine (SQLite and PostgreSQL compile to different SQL; `engine-of.ts` tells which a
 * database runs on) and the placeholders' positions among the compiled parameters are remembered.
 * Each call runs the compiled query with its values through Kysely's public `executeQuery`, so
 * plugins and logging apply as to any query (a kept read of a store's own database or transaction
 * is answered before it, `kept-reads.ts`). Only plain values can be placeholders: not lists
 * (`in`) and not `null` comparisons (write `is null` literally).
 *
 * A prepared select is marked as cacheable ({@link preparedReadTables}): on SQLite, the store's
 * connection keeps its results while the tables it reads are unchanged
 * (`sqlite/read-cache-driver.ts`); they are frozen, as every caller shares them.
 */
import type {
  Compilable,
  CompiledQuery,
  Kysely,
  OperationNode,
  QueryResult,
  RootOperationNode,
  Transaction,
} from 'kysely';
import type { Database } from './database.js';
import { engineOf } from './engine-of.js';
import { executeCompiled } from './kept-reads.js';
import type { Engine } from './migrations/index.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A named value to fill in when the query runs. */
class Placeholder {
  constructor(readonly name: string) {}
}

/** Gives the placeholder of a parameter, typed as its value so the builder accepts it. */
export type Placeholders<P> = { readonly [K in keyof P]: P[K] };

interface Compiled {
  query: CompiledQuery;
  /** Per compiled parameter: the name of its placeholder, or the constant the builder put there. */
  slots: readonly ({ name: string } | { value: unknown })[];
}

/** The tables read by each prepared select, by its query node: what a read cache may keep. */
const cacheableReads = new WeakMap<RootOperationNode, readonly string[]>();

/**
 * The tables `query` reads if it is a prepared select (its results may be kept while those tables
 * are unchanged); `undefined` for every other query.
 */
export function preparedReadTables(query: RootOperationNode): readonly string[] | undefined {
  return cacheableReads.get(query);
}

/** A query compiled once per engine, run with {@link PreparedQuery.execute}. */
export interface PreparedQuery<P, R> {
  /** The compiled query with `params` filled in, for the engine of `db` (to send it some other way). */
  compile(db: Db, params: P): CompiledQuery<R>;
  /** The whole result: rows, and for a write the number of rows it changed (`numAffectedRows`). */
  executeResult(db: Db, params: P): Promise<QueryResult<R>>;
  /** All rows of the query with `params` filled in. */
  execute(db: Db, params: P): Promise<R[]>;
  /** The first row, or `undefined`. */
  executeTakeFirst(db: Db, params: P): Promise<R | undefined>;
}

/**
 * Prepares `build`: it receives a database to build on and the placeholders of `P`, and returns
 * the query. It runs once per engine, on first use.
 *
 * @example
 * const accountsOfItem = prepareQuery<{ itemId: string }, AccountRow>((db, p) =>
 *   db.selectFrom('accounts').selectAll().where('item_id', '=', p.itemId).orderBy('position'));
 * const rows = await accountsOfItem.execute(db, { itemId });
 */
export function prepareQuery<P extends object, R>(
  build: (db: Db, params: Placeholders<P>) => Compilable<R>,
): PreparedQuery<P, R> {
  const byEngine = new Map<Engine, Compiled>();
  const placeholders = new Proxy({} as Placeholders<P>, {
    get: (_target, name) => new Placeholder(String(name)),
  });
  const compileOn = (db: Db): Compiled => {
    const query = build(db, placeholders).compile();
    if (query.query.kind === 'SelectQueryNode') {
      cacheableReads.set(query.query, tablesOf(query.query));
    }
    return {
      query,
      slots: query.parameters.map((parameter) =>
        parameter instanceof Placeholder ? { name: parameter.name } : { value: parameter },
      ),
    };
  };
  const compiledFor = (db: Db): Compiled => {
    const engine = engineOf(db);
    if (engine === undefined) {
      return compileOn(db);
    }
    let compiled = byEngine.get(engine);
    if (!compiled) {
      compiled = compileOn(db);
      byEngine.set(engine, compiled);
    }
    return compiled;
  };
  const valuesFor = (slots: Compiled['slots'], params: P): unknown[] =>
    slots.map((slot) => {
      if ('value' in slot) {
        return slot.value;
      }
      if (!(slot.name in params)) {
        throw new Error(`prepared query: no value for the placeholder "${slot.name}"`);
      }
      return (params as Record<string, unknown>)[slot.name];
    });
  const compile = (db: Db, params: P): CompiledQuery<R> => {
    const { query, slots } = compiledFor(db);
    return { query: query.query, queryId: query.queryId, sql: query.sql, parameters: valuesFor(slots, params) };
  };
  const executeResult = async (db: Db, params: P): Promise<QueryResult<R>> => executeCompiled(db, compile(db, params));
  const execute = async (db: Db, params: P): Promise<R[]> => (await executeResult(db, params)).rows;
  return {
    compile,
    executeResult,
    execute,
    async executeTakeFirst(db, params) {
      return (await execute(db, params))[0];
    },
  };
}

/** The names of every table a query node mentions (its from, joins and subqueries). */
export function tablesOf(node: OperationNode): string[] {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      value.forEach(visit);
      return;
    }
    if (typeof value !== 'object' || value === null) {
      return;
    }
    const candidate = value as { kind?: string; table?: { identifier?: { name?: unknown } } };
    if (candidate.kind === 'TableNode' && typeof candidate.table?.identifier?.name === 'string') {
      found.add(candidate.table.identifier.name);
    }
    Object.values(value).forEach(visit);
  };
  visit(node);
  return [...found].sort();
}

/** Rows changed by a write, from its {@link QueryResult}. */
export function affectedRows(result: QueryResult<unknown>): number {
  return Number(result.numAffectedRows ?? 0n);
}

/**
 * The placeholders of every column of `columns`, as the values object of an insert: a prepared
 * insert names its columns up front, since placeholders cannot be enumerated.
 */
export function valuesOf<K extends string, P extends { readonly [C in K]: unknown }>(
  params: P,
  columns: readonly K[],
): { [C in K]: P[C] } {
  return Object.fromEntries(columns.map((column) => [column, params[column]])) as { [C in K]: P[C] };
}

/**
 * The column names of a table type, listed once: the record must name every column (the compiler
 * checks it), so a prepared insert never leaves one out.
 */
export function columnsOf<T>(columns: { readonly [K in keyof T]-?: true }): (keyof T & string)[] {
  return Object.keys(columns) as (keyof T & string)[];
}

/**
 * The read cache (`read-cache.ts`) as a layer of the SQLite driver: its connection answers the
 * prepared reads it is told about from the cache while their tables are unchanged, and passes
 * every other statement on. It sits below Kysely's executor, so plugins and logging see cached
 * reads like any other query; the store's own database and transactions, which have no plugin,
 * ask the driver for a kept result first ({@link ReadCachingDriver.keptResult}, `kept-reads.ts`)
 * and skip the executor when there is one.
 */
import type {
  CompiledQuery,
  DatabaseConnection,
  Driver,
  QueryCompiler,
  QueryResult,
  RootOperationNode,
  TransactionSettings,
} from 'kysely';
import { setBounded } from '../bounded-map.js';
import type { SqliteReadCache } from './read-cache.js';

/** The tables a query reads if its results may be kept (a prepared select), else `undefined`. */
export type CacheableReadTables = (query: RootOperationNode) => readonly string[] | undefined;

/**
 * A short number per statement text of a cacheable read, for the keys of its results: hashing a
 * number and the parameters is cheaper than hashing the statement's text on every lookup. A
 * prepared query hands the same query node to every run, so its text is looked up once; a query
 * compiled anew for each run (on a database the prepared query does not know) is looked up by text.
 */
const numbersByNode = new WeakMap<RootOperationNode, number>();
const numbersByText = new Map<string, number>();
/** Most statement texts numbered (the sandbox has a few dozen cacheable reads). */
const NUMBERED_TEXTS_LIMIT = 10_000;
let lastNumber = 0;

function statementNumberOf(compiledQuery: CompiledQuery): number {
  let number = numbersByNode.get(compiledQuery.query);
  if (number === undefined) {
    number = numbersByText.get(compiledQuery.sql);
    if (number === undefined) {
      number = ++lastNumber;
      setBounded(numbersByText, compiledQuery.sql, number, NUMBERED_TEXTS_LIMIT);
    }
    numbersByNode.set(compiledQuery.query, number);
  }
  return number;
}

/** The key of a cacheable read's result: its statement's number and its parameters. */
function resultKeyOf(compiledQuery: CompiledQuery): string {
  return `${statementNumberOf(compiledQuery)}\u0000${JSON.stringify(compiledQuery.parameters)}`;
}

class ReadCachingConnection implements DatabaseConnection {
  constructor(
    readonly inner: DatabaseConnection,
    private readonly cache: SqliteReadCache,
    private readonly cacheableTables: CacheableReadTables,
  ) {}

  executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const tables = this.cacheableTables(compiledQuery.query);
    if (tables === undefined) {
      return this.inner.executeQuery<R>(compiledQuery);
    }
    const key = resultKeyOf(compiledQuery);
    const kept = this.cache.lookup(key, tables);
    if (kept) {
      return Promise.resolve({ rows: kept as R[] });
    }
    const ticket = this.cache.ticket(tables);
    return this.inner
      .executeQuery<R>(compiledQuery)
      .then(({ rows }) => ({ rows: this.cache.store(key, tables, ticket, rows) }));
  }

  streamQuery<R>(compiledQuery: CompiledQuery, chunkSize?: number): AsyncIterableIterator<QueryResult<R>> {
    return this.inner.streamQuery<R>(compiledQuery, chunkSize);
  }
}

/** The connection `inner` handed out, for the wrapped driver. */
function unwrap(connection: DatabaseConnection): DatabaseConnection {
  return connection instanceof ReadCachingConnection ? connection.inner : connection;
}

/** Wraps a SQLite driver so that its connection answers cacheable reads from `cache`. */
export class ReadCachingDriver implements Driver {
  readonly #inner: Driver;
  readonly #cache: SqliteReadCache;
  readonly #cacheableTables: CacheableReadTables;
  readonly #wrapped = new WeakMap<DatabaseConnection, ReadCachingConnection>();
  /** Set once destroyed: nothing is answered from the cache any more (the executor refuses). */
  #destroyed = false;

  constructor(inner: Driver, cache: SqliteReadCache, cacheableTables: CacheableReadTables) {
    this.#inner = inner;
    this.#cache = cache;
    this.#cacheableTables = cacheableTables;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  /**
   * The result the connection would answer `compiledQuery` with from the cache, without asking
   * for the connection: the kept rows of a cacheable read that are current; else `undefined` (the
   * statement must run). For `kept-reads.ts`, which answers kept reads before Kysely's executor.
   */
  keptResult(compiledQuery: CompiledQuery): QueryResult<unknown> | undefined {
    if (this.#destroyed) {
      return undefined;
    }
    const tables = this.#cacheableTables(compiledQuery.query);
    const rows = tables === undefined ? undefined : this.#cache.lookup(resultKeyOf(compiledQuery), tables);
    return rows === undefined ? undefined : { rows: rows as unknown[] };
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    const connection = await this.#inner.acquireConnection();
    let wrapped = this.#wrapped.get(connection);
    if (!wrapped) {
      wrapped = new ReadCachingConnection(connection, this.#cache, this.#cacheableTables);
      this.#wrapped.set(connection, wrapped);
    }
    return wrapped;
  }

  beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    return this.#inner.beginTransaction(unwrap(connection), settings);
  }

  commitTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.commitTransaction(unwrap(connection));
  }

  rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    return this.#inner.rollbackTransaction(unwrap(connection));
  }

  savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    // biome-ignore lint/style/noNonNullAssertion: SqliteDriver has savepoints.
    return this.#inner.savepoint!(unwrap(connection), name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    // biome-ignore lint/style/noNonNullAssertion: SqliteDriver has savepoints.
    return this.#inner.rollbackToSavepoint!(unwrap(connection), name, compileQuery);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    // biome-ignore lint/style/noNonNullAssertion: SqliteDriver has savepoints.
    return this.#inner.releaseSavepoint!(unwrap(connection), name, compileQuery);
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(unwrap(connection));
  }

  destroy(): Promise<void> {
    this.#destroyed = true;
    return this.#inner.destroy();
  }
}

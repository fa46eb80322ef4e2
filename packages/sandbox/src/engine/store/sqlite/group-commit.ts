/**
 * Group commit on SQLite: the transactions of requests that arrive together share one commit.
 * A commit appends every page it changed to the write-ahead log; the requests of one moment
 * change many of the same pages (the counters, the newest leaf of each table and index), so one
 * commit for all of them writes far less than one commit each.
 *
 * The first transaction opens a group (`begin`) and schedules its commit for the end of the
 * current turn of the event loop (`setImmediate`); every transaction runs inside the group as a
 * savepoint, so a transaction that fails rolls back alone. The group commits once no transaction
 * holds the connection. Nothing is acknowledged before that: {@link GroupCommit.committed} is
 * what a transaction waits for before it returns, and {@link GroupCommit.settled} what a response
 * waits for before it is sent, so no client ever sees data that a crash could still take away. If
 * the commit fails, the whole group is rolled back and every transaction in it fails.
 */
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type SqliteDialectConfig,
  SqliteDriver,
  type Transaction,
  type TransactionSettings,
} from 'kysely';
import { composeSqliteDialect } from './dialect.js';

/** The savepoint every transaction of a group runs in. */
const MEMBER_SAVEPOINT = '"group_member"';

/** A group of transactions committed together. */
interface Group {
  readonly committed: Promise<void>;
  resolve(): void;
  reject(error: unknown): void;
}

/** The group commit of one SQLite store. */
export interface GroupCommit {
  /**
   * Runs `work` in a transaction of `db` (the database of this dialect) and resolves once the
   * group it ran in is committed; rejects if `work` or the group's commit failed.
   */
  transaction<DB, T>(db: Kysely<DB>, work: (trx: Transaction<DB>) => Promise<T>): Promise<T>;
  /** Resolves once everything done on the connection so far is committed; rejects if that failed. */
  settled(): Promise<void>;
}

function openGroup(): Group {
  let resolve!: () => void;
  let reject!: (error: unknown) => void;
  const committed = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  // A group nobody waits for (only non-transactional statements ran in it) must not surface as
  // an unhandled rejection; waiters still see the failure.
  committed.catch(() => {});
  return { committed, resolve, reject };
}

/**
 * The statements of a group and its members, compiled once. A group begins `immediate`: it takes
 * the write lock at once, waiting (the connection's busy timeout) while the checkpointer restarts
 * the log; a deferred begin would take it only at the first write and, having read by then, be
 * refused at once (`SQLITE_BUSY`) instead of waiting.
 */
const STATEMENTS = {
  begin: CompiledQuery.raw('begin immediate'),
  commit: CompiledQuery.raw('commit'),
  rollback: CompiledQuery.raw('rollback'),
  savepoint: CompiledQuery.raw(`savepoint ${MEMBER_SAVEPOINT}`),
  release: CompiledQuery.raw(`release ${MEMBER_SAVEPOINT}`),
  rollbackToSavepoint: CompiledQuery.raw(`rollback to ${MEMBER_SAVEPOINT}`),
};

class GroupCommitDriver implements Driver {
  readonly #inner: Driver;
  #group: Group | undefined;

  constructor(inner: Driver) {
    this.#inner = inner;
  }

  get group(): Group | undefined {
    return this.#group;
  }

  init(): Promise<void> {
    return this.#inner.init();
  }

  acquireConnection(): Promise<DatabaseConnection> {
    return this.#inner.acquireConnection();
  }

  releaseConnection(connection: DatabaseConnection): Promise<void> {
    return this.#inner.releaseConnection(connection);
  }

  async beginTransaction(connection: DatabaseConnection, _settings: TransactionSettings): Promise<void> {
    if (!this.#group) {
      await connection.executeQuery(STATEMENTS.begin);
      this.#group = openGroup();
      setImmediate(() => void this.#commitGroup());
    }
    await connection.executeQuery(STATEMENTS.savepoint);
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(STATEMENTS.release);
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(STATEMENTS.rollbackToSavepoint);
    await connection.executeQuery(STATEMENTS.release);
  }

  savepoint(connection: DatabaseConnection, name: string, compileQuery: QueryCompiler['compileQuery']): Promise<void> {
    // biome-ignore lint/style/noNonNullAssertion: SqliteDriver has savepoints.
    return this.#inner.savepoint!(connection, name, compileQuery);
  }

  rollbackToSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    // biome-ignore lint/style/noNonNullAssertion: SqliteDriver has savepoints.
    return this.#inner.rollbackToSavepoint!(connection, name, compileQuery);
  }

  releaseSavepoint(
    connection: DatabaseConnection,
    name: string,
    compileQuery: QueryCompiler['compileQuery'],
  ): Promise<void> {
    // biome-ignore lint/style/noNonNullAssertion: SqliteDriver has savepoints.
    return this.#inner.releaseSavepoint!(connection, name, compileQuery);
  }

  async destroy(): Promise<void> {
    if (this.#group) {
      await this.#commitGroup();
    }
    await this.#inner.destroy();
  }

  /** Commits the open group once no transaction holds the connection. */
  async #commitGroup(): Promise<void> {
    const connection = await this.#inner.acquireConnection();
    const group = this.#group;
    try {
      if (group) {
        await connection.executeQuery(STATEMENTS.commit);
        group.resolve();
      }
    } catch (error) {
      try {
        await connection.executeQuery(STATEMENTS.rollback);
      } catch {
        // SQLite already rolled the transaction back (it does for some failures of a commit).
      }
      group?.reject(error);
    } finally {
      // Only now: until the outcome is known, whoever asks waits for it.
      this.#group = undefined;
      await this.#inner.releaseConnection(connection);
    }
  }
}

/**
 * A SQLite dialect whose transactions are committed in groups, and its {@link GroupCommit}. The
 * driver is Kysely's `SqliteDriver` over `config`, wrapped first by `wrap` (the store adds its read
 * cache there) and then by the group commit.
 */
export function groupCommitSqliteDialect(
  config: SqliteDialectConfig,
  wrap: (driver: Driver) => Driver = (driver) => driver,
): {
  dialect: Dialect;
  groupCommit: GroupCommit;
} {
  let driver: GroupCommitDriver | undefined;
  const dialect = composeSqliteDialect(() => {
    driver = new GroupCommitDriver(wrap(new SqliteDriver(config)));
    return driver;
  });
  return {
    dialect,
    groupCommit: {
      async transaction(db, work) {
        let committed: Promise<void> | undefined;
        const result = await db.transaction().execute(async (trx) => {
          const value = await work(trx);
          // The group cannot commit while this transaction holds the connection.
          committed = driver?.group?.committed;
          return value;
        });
        await committed;
        return result;
      },
      settled: () => driver?.group?.committed ?? Promise.resolve(),
    },
  };
}

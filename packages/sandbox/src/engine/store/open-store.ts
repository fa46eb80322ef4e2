/**
 * The store: the {@link Store} interface every feature and the engine use, and {@link openStore},
 * which opens it on one of its engines (`sqlite/open-sqlite.ts`, `postgres/open-postgres.ts`),
 * applies the migrations and hands back one query layer (Kysely) for both. Everything below uses
 * Kysely's public API only: compiled queries run through `executeQuery`, and the engines' speed-ups
 * live in a composed dialect, a wrapped driver and a `pg` client class.
 */

import { type Kysely, Migrator, type Transaction } from 'kysely';
import { refusingPastCaps } from './client-share-errors.js';
import type { Database } from './database.js';
import { handOut } from './engine-of.js';
import { finishingError } from './finishing-statement.js';
import { answerKeptReads, keptReadsFor } from './kept-reads.js';
import { type Engine, migrationProvider } from './migrations/index.js';
import { openPostgres } from './postgres/open-postgres.js';
import { lookUpFirst, type WithRequestLookup } from './request-lookup.js';
import { startSqliteCheckpointer } from './sqlite/checkpointer.js';
import type { GroupCommit } from './sqlite/group-commit.js';
import { openSqlite, type SqliteLocation } from './sqlite/open-sqlite.js';

/** Where the store lives. */
export type StoreLocation = SqliteLocation | { kind: 'postgres'; url: string };

/** An open store. */
export interface Store {
  engine: Engine;
  db: Kysely<Database>;
  /** Where the data lives, for people: a file path, `memory`, or the database URL without its password. */
  description: string;
  /**
   * Runs `work` in one transaction: every change in it is committed together or not at all, and
   * it is committed when this resolves. Its last statement may be sent with the commit
   * (`finishWith`, `finishing-statement.ts`); if that statement fails, this rejects with its error.
   */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  /**
   * Resolves once everything done on the store so far is committed (SQLite commits transactions
   * in groups); a response waits for it, so it never shows what a crash could take away.
   */
  settled(): Promise<void>;
  /**
   * Runs a request's `work` with `lookup` (a read the request needs before anything it changes may
   * stand: its client's fault rules) alongside, and resolves with the work's outcome if the
   * lookup's decision let it stand, else with the decision's reason (`request-lookup.ts`). The
   * store decides how the read travels: on PostgreSQL with the work's first statement (no round
   * trip of its own; a commit waits for the decision), on SQLite first, the work running only if
   * the decision lets it.
   */
  withRequestLookup: WithRequestLookup;
  /** Closes the connections. */
  close(): Promise<void>;
}

/** Options of {@link openStore}. */
export interface OpenStoreOptions {
  /** Largest number of PostgreSQL connections of this instance (default 10). */
  poolSize?: number;
  /** Hears of trouble that does not stop the store (the SQLite checkpointer failing). */
  onWarning?(message: string): void;
}

/** Opens the store at `location` and migrates it to the latest schema. */
export async function openStore(location: StoreLocation, options: OpenStoreOptions = {}): Promise<Store> {
  const { db, engine, description, file, groupCommit, withRequestLookup } = connect(location, options);
  // Prepared queries compile once per engine for the database and every transaction handed out.
  handOut(db, engine);
  try {
    const migrator = new Migrator({ db, provider: migrationProvider(engine) });
    const { error, results } = await migrator.migrateToLatest();
    if (error) {
      const failed = results?.find((result) => result.status === 'Error');
      throw new Error(
        `the ${engine} store could not be migrated${failed ? ` (migration ${failed.migrationName})` : ''}: ${error instanceof Error ? error.message : String(error)}`,
      );
    }
  } catch (error) {
    await db.destroy();
    throw error;
  }
  // After the migrations, so that the file exists; the last connection to close checkpoints last.
  const checkpointer =
    file === undefined
      ? undefined
      : startSqliteCheckpointer(file, (message) =>
          options.onWarning?.(
            `the SQLite checkpointer stopped (${message}); requests now checkpoint the log themselves`,
          ),
        );
  // Each transaction answers kept reads as its database does (`kept-reads.ts`; SQLite only).
  const keptReads = keptReadsFor(db);
  const inTransaction =
    <T>(work: (trx: Transaction<Database>) => Promise<T>) =>
    (trx: Transaction<Database>): Promise<T> =>
      work(handOut(keptReads ? answerKeptReads(trx, keptReads) : trx, engine));
  return {
    engine,
    db,
    description,
    // A cap a trigger keeps (`client-share-errors.ts`) fails the transaction with its refusal.
    transaction: groupCommit
      ? (work) => refusingPastCaps(groupCommit.transaction(db, inTransaction(work)))
      : (work) => refusingPastCaps(transactionWithFinishing(db, inTransaction(work))),
    settled: groupCommit ? () => groupCommit.settled() : () => Promise.resolve(),
    withRequestLookup,
    close: async () => {
      await checkpointer?.stop();
      await db.destroy();
    },
  };
}

/** How often a transaction PostgreSQL chose as a deadlock's victim (or failed to serialise) is run. */
export const TRANSACTION_ATTEMPTS = 3;

/**
 * Whether PostgreSQL rolled the transaction back to resolve a conflict with a concurrent one
 * (`40P01` deadlock detected, `40001` serialization failure): run again, it sees the other's
 * outcome, as a transaction that had waited for it would have.
 */
export function isConflictRollback(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * Runs `work` in a transaction of `db` (PostgreSQL); when it fails because its finishing statement
 * (`finishing-statement.ts`) failed, with that statement's error rather than the rolled-back commit's.
 * A transaction rolled back to resolve a conflict with a concurrent one ({@link isConflictRollback})
 * is run again, up to {@link TRANSACTION_ATTEMPTS} times in all: nothing of it stood.
 */
async function transactionWithFinishing<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    let opened: Transaction<Database> | undefined;
    try {
      return await db.transaction().execute((trx) => {
        opened = trx;
        return work(trx);
      });
    } catch (error) {
      const failure = (opened && (await finishingError(opened))) ?? error;
      if (attempt < TRANSACTION_ATTEMPTS && isConflictRollback(failure)) {
        continue;
      }
      throw failure;
    }
  }
}

function connect(
  location: StoreLocation,
  options: OpenStoreOptions,
): {
  db: Kysely<Database>;
  engine: Engine;
  description: string;
  file?: string;
  groupCommit?: GroupCommit;
  withRequestLookup: WithRequestLookup;
} {
  if (location.kind === 'postgres') {
    return { ...openPostgres(location.url, options.poolSize), engine: 'postgres' };
  }
  const sqlite = openSqlite(location);
  return { ...sqlite, engine: 'sqlite', withRequestLookup: lookUpFirst(sqlite.db) };
}

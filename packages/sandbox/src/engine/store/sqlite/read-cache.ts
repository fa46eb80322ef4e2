/**
 * Results of prepared reads kept in memory on SQLite, for as long as the tables they read are
 * unchanged. Most requests read the same few rows again and again (the token, the Item, its
 * accounts); going through the query layer and SQLite for them costs more than the rest of the
 * request. A result is reused only while it is certainly current:
 *
 * - every statement this process sends is classified before it runs; a write (`insert`, `update`,
 *   `delete`) moves its table's generation on, and anything not understood moves every table's on;
 * - a change committed by another connection or process moves SQLite's `PRAGMA data_version`,
 *   which is checked by a lookup, and drops everything. It is read once per turn of the event
 *   loop, and again after any statement ran on the connection: lookups that follow each other
 *   with no statement between them in one turn (the reads of one request) share one check. They
 *   answer as of that check, which is later than any request whose data this turn handles was
 *   sent, so no request sees less than what was committed before it was sent;
 * - a result is stored only when it shows committed data: not while an open transaction has
 *   written one of the tables it read.
 *
 * Results are frozen, since every caller shares them. PostgreSQL has no cache: nothing tells an
 * instance cheaply that another one changed a table.
 */
import type { Database as SqliteDatabase } from 'better-sqlite3';
import { setBounded } from '../bounded-map.js';
import { oncePerText } from '../once-per-text.js';

/** Largest number of results kept; the oldest go first. */
export const READ_CACHE_SIZE = 2_000;

/** What a read knew before it ran: results stored under it are valid only if nothing moved since. */
export interface ReadTicket {
  readonly epoch: number;
  readonly dataVersion: number;
  readonly generations: readonly number[];
  /** Whether the read may be stored at all (none of its tables written by an open transaction). */
  readonly storable: boolean;
}

interface Entry extends ReadTicket {
  readonly rows: readonly unknown[];
}

/** The cache of one SQLite connection. */
export interface SqliteReadCache {
  /** The rows stored under `key` if they are still current. */
  lookup(key: string, tables: readonly string[]): readonly unknown[] | undefined;
  /** Takes the state before a read of `tables` runs. */
  ticket(tables: readonly string[]): ReadTicket;
  /** Stores the rows of a read that ran after `ticket` was taken; they come back frozen. */
  store<R>(key: string, tables: readonly string[], ticket: ReadTicket, rows: R[]): R[];
  /** Tells the cache about a statement that is about to run on the connection. */
  noteStatement(sql: string): void;
  /** Forgets everything (something changed that cannot be classified). */
  invalidateAll(): void;
}

/** What a statement does to the data: nothing, a write to one table, or anything. */
export type StatementEffect = { kind: 'none' } | { kind: 'write'; table: string } | { kind: 'unknown' };

const NO_CHANGE = /^\s*(?:select|begin|commit|end|rollback|savepoint|release|pragma\s+data_version)\b/i;
/** The end of a transaction (not a rollback to a savepoint). */
const TRANSACTION_END = /^\s*(?:commit|end|rollback)(?:\s+transaction)?\s*;?\s*$/i;
const INSERT = /^\s*(?:insert|replace)\s+(?:or\s+\w+\s+)?into\s+"([^"]+)"/i;
const UPDATE = /^\s*update\s+(?:or\s+\w+\s+)?"([^"]+)"/i;
const DELETE = /^\s*delete\s+from\s+"([^"]+)"/i;

/**
 * How `sql` changes the data. The sandbox's statements come from the query builder, which quotes
 * table names; an unquoted or unfamiliar statement is `unknown`, which invalidates everything.
 */
export function statementEffect(sql: string): StatementEffect {
  if (NO_CHANGE.test(sql)) {
    // A select that writes (a CTE with a write) does not start with `select`.
    return { kind: 'none' };
  }
  const table = (INSERT.exec(sql) ?? UPDATE.exec(sql) ?? DELETE.exec(sql))?.[1];
  return table === undefined ? { kind: 'unknown' } : { kind: 'write', table };
}

/** A {@link SqliteReadCache} over `sqlite`, holding at most `size` results. */
export function createSqliteReadCache(sqlite: SqliteDatabase, size = READ_CACHE_SIZE): SqliteReadCache {
  const dataVersionStatement = sqlite.prepare('PRAGMA data_version').pluck();
  const generations = new Map<string, number>();
  /** Tables written by the open transaction (cleared when it ends). */
  const writtenInTransaction = new Set<string>();
  const entries = new Map<string, Entry>();
  let epoch = 0;
  let knownDataVersion = dataVersionStatement.get() as number;
  /** Whether `knownDataVersion` was read in this turn of the event loop with no statement since. */
  let checkedThisTurn = false;
  let resetScheduled = false;
  const resetCheck = (): void => {
    checkedThisTurn = false;
    resetScheduled = false;
  };

  const generationOf = (table: string): number => generations.get(table) ?? 0;
  const invalidateAll = (): void => {
    epoch++;
    entries.clear();
  };
  const currentDataVersion = (): number => {
    if (checkedThisTurn) {
      return knownDataVersion;
    }
    const version = dataVersionStatement.get() as number;
    checkedThisTurn = true;
    if (!resetScheduled) {
      resetScheduled = true;
      setImmediate(resetCheck);
    }
    if (version !== knownDataVersion) {
      // Another connection committed: nothing kept can be trusted.
      knownDataVersion = version;
      invalidateAll();
    }
    return version;
  };
  const isCurrent = (entry: ReadTicket, tables: readonly string[], dataVersion: number): boolean =>
    entry.epoch === epoch &&
    entry.dataVersion === dataVersion &&
    tables.every((table, index) => entry.generations[index] === generationOf(table));
  /** Each statement's effect and whether it ends a transaction, by SQL text (few texts, run often). */
  const classify = oncePerText(
    (sql) => ({ effect: statementEffect(sql), endsTransaction: TRANSACTION_END.test(sql) }),
    size,
  );

  return {
    lookup(key, tables) {
      const entry = entries.get(key);
      if (!entry) {
        return undefined;
      }
      if (isCurrent(entry, tables, currentDataVersion())) {
        return entry.rows;
      }
      entries.delete(key);
      return undefined;
    },
    ticket(tables) {
      if (!sqlite.inTransaction) {
        // In case a transaction ended without a statement saying so (SQLite rolls back some
        // failures by itself).
        writtenInTransaction.clear();
      }
      return {
        epoch,
        dataVersion: currentDataVersion(),
        generations: tables.map(generationOf),
        storable: !tables.some((table) => writtenInTransaction.has(table)),
      };
    },
    store(key, tables, ticket, rows) {
      for (const row of rows) {
        Object.freeze(row);
      }
      Object.freeze(rows);
      // Against the last data version seen: a newer one is caught by the next lookup.
      if (ticket.storable && isCurrent(ticket, tables, knownDataVersion)) {
        setBounded(entries, key, { ...ticket, rows }, size);
      }
      return rows;
    },
    noteStatement(sql) {
      // The statement may see a commit of another connection: the next lookup checks again.
      checkedThisTurn = false;
      const { effect, endsTransaction } = classify(sql);
      if (effect.kind === 'none') {
        if (endsTransaction) {
          // What the transaction wrote is committed or gone; either way it is no longer pending.
          // (Had the end failed, the query layer rolls back before the connection is used again.)
          writtenInTransaction.clear();
        }
        return;
      }
      if (effect.kind === 'unknown') {
        invalidateAll();
        return;
      }
      generations.set(effect.table, generationOf(effect.table) + 1);
      // A write outside a transaction commits at once; inside one, readers must not store what
      // it wrote until the transaction ends.
      if (sqlite.inTransaction) {
        writtenInTransaction.add(effect.table);
      }
    },
    invalidateAll,
  };
}

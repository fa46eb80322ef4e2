/**
 * The request recorder: keeps each answered request of a client for the inspector without costing
 * the request a round trip to the store. {@link RequestRecorder.add}, called once the answer is
 * sent, redacts and serialises the two bodies (`redact.ts`) and appends the row to a bounded
 * in-memory buffer; once a batch (`batchSize`) is waiting it is inserted right after the code
 * running now, and what waits less than a batch is inserted every `flushIntervalMs`, each batch in
 * one statement and transaction of its own. So every record is kept as long as the store inserts
 * as fast as the requests arrive (a multi-row insert takes a few ms for 200 records). The buffer
 * holds at most `bufferLimit` records (by default 1,000: what arrives while an insert waits); when
 * the store is slower than the load, the oldest waiting records are dropped and counted
 * ({@link RequestRecorder.dropped}), so a request never waits for the store.
 * Each client's recorded bodies stay within `maxBytesPerClient` after each write (`byte-budget.ts`).
 */
import type { Insertable } from 'kysely';
import type { Logger } from '../logger.js';
import { boundInserts } from '../store/bound-inserts.js';
import type { Store } from '../store/open-store.js';
import { DEFAULT_MAX_BYTES_PER_CLIENT, pruneToBytes, recordBytes } from './byte-budget.js';
import { redactedJson } from './redact.js';
import type { RequestDelivery, RequestRecordsTable } from './tables.js';

type NewRecord = Required<Omit<Insertable<RequestRecordsTable>, 'id'>>;

/** The columns of a record, in the order of the SQLite insert's values. */
const COLUMNS = [
  'client_id',
  'request_id',
  'operation',
  'status',
  'error_code',
  'duration_ms',
  'started_at',
  'request_body',
  'response_body',
  'client_time',
  'fault',
  'delivery',
  'replayed',
  'replay_of',
  'body_chars',
] as const satisfies readonly (keyof NewRecord)[];

/**
 * Rows per SQLite insert statement: a batch goes in statements of these sizes, largest first
 * (137 rows: 20 × 6 + 5 × 3 + 1 × 2), so that four statement texts, each prepared once, serve
 * every batch. A full batch (the default `batchSize`, what a busy sandbox flushes) is one
 * statement. The values are bound parameters (15 per row, well below SQLite's limit).
 */
const SQLITE_CHUNK_SIZES = [200, 20, 5, 1] as const;

/** The statements that store rows on SQLite: one per chunk ({@link SQLITE_CHUNK_SIZES}). */
const sqliteStatementsOf = boundInserts<NewRecord>('request_records', COLUMNS, SQLITE_CHUNK_SIZES);

/**
 * Stores `rows`, all or none: on PostgreSQL one multi-row insert (one round trip); on SQLite
 * multi-row inserts with bound values, a single one on its own (it commits by itself, or with the
 * group of transactions open at the time), several in one transaction. (Measured under the write
 * load, wrapping a single statement in a transaction cost 3 to 5 % more CPU per request.)
 */
async function insertRecords(store: Store, rows: NewRecord[]): Promise<void> {
  if (store.engine === 'postgres') {
    await store.db.insertInto('request_records').values(rows).execute();
    return;
  }
  const [only, ...more] = sqliteStatementsOf(rows);
  if (only === undefined) {
    return;
  }
  if (more.length === 0) {
    await store.db.executeQuery(only);
    return;
  }
  await store.transaction(async (trx) => {
    for (const statement of [only, ...more]) {
      await trx.executeQuery(statement);
    }
  });
}

/** One answered request, as the listener hands it over. */
export interface AnsweredRequest {
  clientId: string;
  requestId: string;
  operation: string;
  status: number;
  errorCode: string | null;
  durationMs: number;
  startedAt: Date;
  /** The request body as parsed (serialised and redacted when stored). */
  requestBody: unknown;
  /** The body answered (serialised and redacted when stored); null when nothing was. */
  responseBody: unknown;
  /** `responseBody`'s JSON text as sent, when it was: stored as it is when nothing in it is redacted. */
  responseJson?: string;
  /** The client's test clock when the request arrived. */
  clientTime: Date | null;
  /** The fault the request was given (its normalised text, with where it came from); null for none. */
  fault: string | null;
  delivery: RequestDelivery;
  /** Whether it was answered with what its idempotency key already named. */
  replayed: boolean;
  /** The `request_id` of the request a replay repeats; null when none did or for no replay. */
  replayOf: string | null;
}

/**
 * The row of `request`, its bodies redacted and serialised at once: the queue then holds two
 * strings per request rather than its bodies' objects, which would live until the insert and be
 * moved to the old generation of the heap on the way (the garbage collector's dearest work).
 */
function rowOf(request: AnsweredRequest): NewRecord {
  const requestBody = redactedJson(request.requestBody);
  const responseBody = redactedJson(request.responseBody, request.responseJson);
  return {
    client_id: request.clientId,
    request_id: request.requestId,
    operation: request.operation,
    status: request.status,
    error_code: request.errorCode,
    duration_ms: request.durationMs,
    started_at: request.startedAt.toISOString(),
    request_body: requestBody,
    response_body: responseBody,
    client_time: request.clientTime?.toISOString() ?? null,
    fault: request.fault,
    delivery: request.delivery,
    replayed: request.replayed ? 1 : 0,
    replay_of: request.replayOf,
    body_chars: recordBytes({ request_body: requestBody, response_body: responseBody }),
  };
}

/** Settings of the recorder. */
export interface RecorderPolicy {
  /** Longest time a record waits in a batch not yet full. Default 200 ms. */
  flushIntervalMs: number;
  /** Records per insert statement; a full batch is inserted at once. Default 200. */
  batchSize: number;
  /** Most records waiting in memory (while an insert runs); beyond it the oldest is dropped. Default 1,000. */
  bufferLimit: number;
  /** Most characters of request and response bodies recorded per client. Default 8 MiB. */
  maxBytesPerClient: number;
}

/** The default recorder settings. */
export const DEFAULT_RECORDER_POLICY: RecorderPolicy = {
  flushIntervalMs: 200,
  batchSize: 200,
  bufferLimit: 1_000,
  maxBytesPerClient: DEFAULT_MAX_BYTES_PER_CLIENT,
};

/** A running recorder. */
export interface RequestRecorder {
  /** Queues a record, redacted and serialised (never waits, never throws). */
  add(request: AnsweredRequest): void;
  /** Inserts everything queued so far; resolves once it is stored. */
  flush(): Promise<void>;
  /** Records dropped because the buffer was full, since start. */
  readonly dropped: number;
  /** Flushes what is queued and stops the timer. */
  stop(): Promise<void>;
}

/** Starts a recorder writing to `store`. */
export function startRequestRecorder(
  store: Store,
  logger: Logger,
  policy: Partial<RecorderPolicy> = {},
): RequestRecorder {
  const settings = { ...DEFAULT_RECORDER_POLICY };
  for (const [key, value] of Object.entries(policy) as [keyof RecorderPolicy, number | undefined][]) {
    if (value !== undefined) {
      settings[key] = value;
    }
  }
  // A ring would avoid the shift on overflow; overflow is the rare case, and shift of a full
  // array is amortised by the insert that follows.
  let buffer: NewRecord[] = [];
  let dropped = 0;
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // Characters of bodies written per client since its budget was last checked.
  const unchecked = new Map<string, number>();

  const keepWithinBudget = async (rows: NewRecord[]): Promise<void> => {
    const { maxBytesPerClient } = settings;
    for (const row of rows) {
      unchecked.set(row.client_id, (unchecked.get(row.client_id) ?? 0) + row.body_chars);
    }
    for (const [clientId, written] of unchecked) {
      if (written >= maxBytesPerClient / 4) {
        // Down to three quarters: the next quarter written keeps it within the budget.
        unchecked.delete(clientId);
        await pruneToBytes(store, clientId, (maxBytesPerClient * 3) / 4);
      }
    }
  };

  const insert = async (rows: NewRecord[]): Promise<void> => {
    try {
      await insertRecords(store, rows);
    } catch (error) {
      dropped += rows.length;
      logger({
        level: 'warn',
        event: 'request_records_lost',
        count: rows.length,
        error: error instanceof Error ? error.message : String(error),
      });
      return;
    }
    // Stored: what is beyond the budget goes (on failure, the next check of the client does it).
    await keepWithinBudget(rows).catch((error: unknown) => {
      logger({
        level: 'warn',
        event: 'request_records_budget_failed',
        error: error instanceof Error ? error.message : String(error),
      });
    });
  };

  const drain = async (): Promise<void> => {
    // What is queued now. What arrives while it is inserted waits for the next flush, so the
    // budget holds however long an insert takes (on SQLite it waits for its group's commit,
    // during which requests go on arriving).
    const pending = buffer;
    buffer = [];
    for (let start = 0; start < pending.length; start += settings.batchSize) {
      await insert(pending.slice(start, start + settings.batchSize));
    }
  };

  const flush = (): Promise<void> => {
    const next = (writing ?? Promise.resolve()).then(drain);
    const current = next.finally(() => {
      if (writing === current) {
        writing = undefined;
      }
    });
    writing = current;
    return current;
  };

  // A full batch is inserted at once (after the code running now), not at the next tick of the
  // timer: the timer only bounds how long a partial batch waits, not how many records a second
  // are kept.
  let batchFlushQueued = false;
  const flushFullBatch = () => {
    if (batchFlushQueued) {
      return;
    }
    batchFlushQueued = true;
    setImmediate(() => {
      batchFlushQueued = false;
      void flush();
    });
  };

  const schedule = () => {
    if (buffer.length >= settings.batchSize && !writing) {
      flushFullBatch();
      return;
    }
    if (stopped || timer) {
      return;
    }
    timer = setTimeout(() => {
      timer = undefined;
      void flush();
    }, settings.flushIntervalMs);
    timer.unref();
  };

  return {
    add(request) {
      if (stopped) {
        return;
      }
      let row: NewRecord;
      try {
        row = rowOf(request);
      } catch (error) {
        dropped++;
        logger({
          level: 'warn',
          event: 'request_records_lost',
          count: 1,
          error: error instanceof Error ? error.message : String(error),
        });
        return;
      }
      if (buffer.length >= settings.bufferLimit) {
        buffer.shift();
        dropped++;
      }
      buffer.push(row);
      schedule();
    },
    flush,
    get dropped() {
      return dropped;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await flush();
    },
  };
}

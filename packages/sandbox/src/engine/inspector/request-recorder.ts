/**
 * The request recorder: keeps each answered request of a client for the inspector without costing
 * the request a round trip to the store. {@link RequestRecorder.add} only appends to a bounded
 * in-memory buffer; a timer inserts the buffer in batches (one multi-row insert per batch) every
 * `flushIntervalMs`, sooner once `batchSize` records wait. When the store is slower than the
 * load and the buffer is full, the oldest waiting record is dropped and counted
 * ({@link RequestRecorder.dropped}). Redaction and serialisation happen at insert time, off the
 * request path.
 */
import type { Insertable } from 'kysely';
import type { Logger } from '../logger.js';
import type { Store } from '../store/open-store.js';
import { columnsOf, type Placeholders, prepareQuery, valuesOf } from '../store/prepared-query.js';
import { redactedJson } from './redact.js';
import type { RequestRecordsTable } from './tables.js';

type NewRecord = Required<Omit<Insertable<RequestRecordsTable>, 'id'>>;

const insertRecordQuery = prepareQuery((db, p: Placeholders<NewRecord>) =>
  db.insertInto('request_records').values(
    valuesOf(
      p,
      columnsOf<NewRecord>({
        client_id: true,
        request_id: true,
        operation: true,
        status: true,
        error_code: true,
        duration_ms: true,
        started_at: true,
        request_body: true,
        response_body: true,
      }),
    ),
  ),
);

/**
 * Stores `rows` in one transaction. On SQLite a prepared one-row insert per record (no query to
 * build or compile, no round trip); on PostgreSQL one multi-row insert (one round trip).
 */
async function insertRecords(store: Store, rows: NewRecord[]): Promise<void> {
  if (store.engine === 'postgres') {
    await store.db.insertInto('request_records').values(rows).execute();
    return;
  }
  await store.transaction(async (trx) => {
    for (const row of rows) {
      await insertRecordQuery.execute(trx, row);
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
  /** The request body as parsed (credentials in it are redacted). */
  requestBody: unknown;
  /** The body answered. */
  responseBody: unknown;
}

/** Settings of the recorder. */
export interface RecorderPolicy {
  /** Time between two inserts. Default 200 ms. */
  flushIntervalMs: number;
  /** Records per insert; this many waiting trigger an insert at once. Default 200. */
  batchSize: number;
  /** Most records waiting in memory; beyond it the oldest is dropped. Default 10 000. */
  bufferLimit: number;
}

/** The default recorder settings. */
export const DEFAULT_RECORDER_POLICY: RecorderPolicy = { flushIntervalMs: 200, batchSize: 200, bufferLimit: 10_000 };

/** A running recorder. */
export interface RequestRecorder {
  /** Queues a record (never waits, never throws). */
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
  const settings = { ...DEFAULT_RECORDER_POLICY, ...policy };
  // A ring would avoid the shift on overflow; overflow is the rare case, and shift of a full
  // array is amortised by the insert that follows.
  let buffer: AnsweredRequest[] = [];
  let dropped = 0;
  let writing: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  const insert = async (batch: AnsweredRequest[]): Promise<void> => {
    const rows = batch.map(
      (record): NewRecord => ({
        client_id: record.clientId,
        request_id: record.requestId,
        operation: record.operation,
        status: record.status,
        error_code: record.errorCode,
        duration_ms: record.durationMs,
        started_at: record.startedAt.toISOString(),
        request_body: redactedJson(record.requestBody),
        response_body: redactedJson(record.responseBody),
      }),
    );
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
    }
  };

  const drain = async (): Promise<void> => {
    while (buffer.length > 0) {
      const batch = buffer.length <= settings.batchSize ? buffer : buffer.slice(0, settings.batchSize);
      buffer = batch === buffer ? [] : buffer.slice(settings.batchSize);
      await insert(batch);
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

  const schedule = () => {
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
      if (buffer.length >= settings.bufferLimit) {
        buffer.shift();
        dropped++;
      }
      buffer.push(request);
      if (buffer.length >= settings.batchSize && !writing) {
        clearTimeout(timer);
        timer = undefined;
        void flush();
      } else {
        schedule();
      }
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

/**
 * The request recorder never waits for the store: `add` only redacts, serialises and queues; the queue holds at most
 * `bufferLimit` records (the oldest are dropped and counted), is inserted in batches of at most
 * `batchSize`, one statement each, redacted: a full batch at once, a partial one on a timer; a
 * slow store makes the queue drop, never the request wait; `stop` stores what is queued.
 */
import { describe, expect, it } from 'vitest';
import { type AnsweredRequest, startRequestRecorder } from '../../../src/engine/inspector/request-recorder.js';
import type { Store } from '../../../src/engine/store/open-store.js';

/** A store whose inserts wait until `open()` and remember the batches inserted. */
function slowStore() {
  const batches: Record<string, unknown>[][] = [];
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  // Like PostgreSQL: one multi-row insert per batch.
  const store = {
    engine: 'postgres',
    db: {
      insertInto: () => ({
        values: (rows: Record<string, unknown>[]) => ({
          execute: async () => {
            await opened;
            batches.push(rows);
          },
        }),
      }),
    },
  } as unknown as Store;
  return { store, batches, open };
}

const answered = (index: number): AnsweredRequest => ({
  clientId: 'client',
  requestId: `request-${index}`,
  operation: 'itemGet',
  status: 200,
  errorCode: null,
  durationMs: 1,
  startedAt: new Date('2026-11-02T10:00:00.000Z'),
  requestBody: { access_token: 'access-sandbox-1' },
  responseBody: { request_id: `request-${index}` },
  clientTime: null,
  fault: null,
  delivery: 'answered',
  replayed: false,
  replayOf: null,
});

describe('request recorder', () => {
  it('queues without waiting, keeps the newest records within its limit, inserts them in bounded batches', async () => {
    const slow = slowStore();
    const recorder = startRequestRecorder(slow.store, () => {}, {
      batchSize: 10,
      bufferLimit: 25,
      flushIntervalMs: 60_000,
    });
    for (let index = 0; index < 10; index++) {
      recorder.add(answered(index));
    }
    // A flush starts and hangs on the store: the 10 taken are in its hands.
    const first = recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    for (let index = 10; index < 50; index++) {
      recorder.add(answered(index));
    }
    // 40 more arrived while the store was stuck: the oldest 15 of them are dropped.
    expect(recorder.dropped).toBe(15);
    slow.open();
    await first;
    await recorder.stop();
    expect(slow.batches.map((batch) => batch.length)).toEqual([10, 10, 10, 5]);
    expect(slow.batches.flat().map((row) => row.request_id)).toEqual([
      ...Array.from({ length: 10 }, (_, index) => `request-${index}`),
      ...Array.from({ length: 25 }, (_, index) => `request-${index + 25}`),
    ]);
    expect(JSON.stringify(slow.batches)).not.toContain('access-sandbox-1');
    expect(JSON.parse(String(slow.batches[0]?.[0]?.request_body))).toEqual({ access_token: '[redacted]' });
  });

  it('leaves what arrives during an insert for the next flush, so the budget holds on a slow store', async () => {
    const slow = slowStore();
    const recorder = startRequestRecorder(slow.store, () => {}, { flushIntervalMs: 60_000 });
    for (let index = 0; index < 5; index++) {
      recorder.add(answered(index));
    }
    const first = recorder.flush();
    await new Promise((resolve) => setImmediate(resolve));
    for (let index = 5; index < 8; index++) {
      recorder.add(answered(index));
    }
    slow.open();
    await first;
    expect(slow.batches.map((batch) => batch.length)).toEqual([5]);
    await recorder.stop();
    expect(slow.batches.map((batch) => batch.length)).toEqual([5, 3]);
  });

  it('inserts each full batch at once, so at any rate the store keeps up with nothing is dropped', async () => {
    const slow = slowStore();
    slow.open();
    // An interval no test waits for: only a full batch can start an insert.
    const recorder = startRequestRecorder(slow.store, () => {}, {
      batchSize: 10,
      bufferLimit: 10,
      flushIntervalMs: 60_000,
    });
    // 100 records, 10 at a time, each burst in one turn of the event loop: ten times the limit.
    for (let burst = 0; burst < 10; burst++) {
      for (let index = 0; index < 10; index++) {
        recorder.add(answered(burst * 10 + index));
      }
      await expect.poll(() => slow.batches.length, { timeout: 2000 }).toBe(burst + 1);
    }
    expect(recorder.dropped).toBe(0);
    expect(slow.batches.flat().map((row) => row.request_id)).toEqual(
      Array.from({ length: 100 }, (_, index) => `request-${index}`),
    );
    await recorder.stop();
  });

  it('keeps the bodies as they were when added, redacted then, not the objects (the queue holds their text)', async () => {
    const slow = slowStore();
    slow.open();
    const recorder = startRequestRecorder(slow.store, () => {}, { flushIntervalMs: 60_000 });
    const request = answered(1);
    const responseBody = { request_id: 'request-1', items: ['a'] };
    recorder.add({ ...request, responseBody });
    // Whatever becomes of the objects later is no part of the record.
    responseBody.items.push('changed later');
    (request.requestBody as Record<string, unknown>).access_token = 'access-sandbox-2';
    await recorder.stop();
    const [row] = slow.batches.flat();
    expect(JSON.parse(String(row?.response_body))).toEqual({ request_id: 'request-1', items: ['a'] });
    expect(JSON.parse(String(row?.request_body))).toEqual({ access_token: '[redacted]' });
  });

  it('inserts what waits after the interval without being asked', async () => {
    const slow = slowStore();
    slow.open();
    const recorder = startRequestRecorder(slow.store, () => {}, { flushIntervalMs: 20 });
    recorder.add(answered(1));
    expect(slow.batches).toEqual([]);
    await expect.poll(() => slow.batches.length, { timeout: 2000 }).toBe(1);
    await recorder.stop();
  });
});

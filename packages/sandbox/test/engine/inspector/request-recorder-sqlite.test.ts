/**
 * The request recorder on SQLite: a batch of any size is stored whole, in order, redacted (the
 * inserts come in a few fixed sizes), and storing it leaves the read cache's results of every
 * other table in place (the insert is seen as a write to `request_records` only).
 */
import { describe, expect, it } from 'vitest';
import { type AnsweredRequest, startRequestRecorder } from '../../../src/engine/inspector/request-recorder.js';
import { counterNamed, insertCounter } from '../../support/counter-queries.js';
import { useTempSqliteStore } from '../../support/temp-sqlite-store.js';

const answered = (index: number): AnsweredRequest => ({
  clientId: 'client',
  requestId: `request-${index}`,
  operation: 'itemGet',
  status: index % 2 === 0 ? 200 : 400,
  errorCode: index % 2 === 0 ? null : 'INVALID_FIELD',
  durationMs: index / 4,
  startedAt: new Date(Date.UTC(2026, 10, 2, 10, 0, index)),
  requestBody: { access_token: `access-sandbox-${index}` },
  responseBody: { request_id: `request-${index}` },
  clientTime: null,
  fault: null,
  delivery: 'answered',
  replayed: false,
  replayOf: null,
});

describe('request recorder on SQLite', () => {
  const temp = useTempSqliteStore('svc-recorder-');

  // 137 = 20 × 6 + 5 × 3 + 1 × 2 (several statements in a transaction); 200: one statement;
  // 250: 200 + 20 × 2 + 5 × 2.
  it.each([1, 7, 137, 200, 250])('stores a batch of %i records whole, in order, redacted', async (count) => {
    const recorder = startRequestRecorder(temp.store, () => {}, {
      // Larger than any case: one batch.
      batchSize: 300,
      bufferLimit: 300,
      flushIntervalMs: 60_000,
    });
    for (let index = 0; index < count; index++) {
      recorder.add(answered(index));
    }
    await recorder.stop();
    expect(recorder.dropped).toBe(0);
    const rows = await temp.store.db.selectFrom('request_records').selectAll().orderBy('id').execute();
    expect(rows).toHaveLength(count);
    expect(rows.map((row) => row.request_id)).toEqual(Array.from({ length: count }, (_, index) => `request-${index}`));
    const last = count - 1;
    expect(rows[last]).toMatchObject({
      client_id: 'client',
      operation: 'itemGet',
      status: answered(last).status,
      error_code: answered(last).errorCode,
      duration_ms: last / 4,
      started_at: answered(last).startedAt.toISOString(),
      response_body: JSON.stringify({ request_id: `request-${last}` }),
    });
    expect(JSON.parse(rows[last]?.request_body ?? '')).toEqual({ access_token: '[redacted]' });
    expect(JSON.stringify(rows)).not.toContain('access-sandbox-');
  });

  it("keeps the read cache's results of other tables", async () => {
    const store = temp.store;
    await insertCounter.execute(store.db, { name: 'recorder/a', value: 1 });
    const first = await counterNamed.execute(store.db, { name: 'recorder/a' });
    expect(await counterNamed.execute(store.db, { name: 'recorder/a' })).toBe(first);
    const recorder = startRequestRecorder(store, () => {}, { flushIntervalMs: 60_000 });
    recorder.add(answered(1));
    await recorder.stop();
    expect(await store.db.selectFrom('request_records').select('request_id').execute()).toEqual([
      { request_id: 'request-1' },
    ]);
    expect(await counterNamed.execute(store.db, { name: 'recorder/a' })).toBe(first);
  });
});

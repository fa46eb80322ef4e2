/**
 * The byte budget of request records, on both engines: a client flooding large bodies keeps its
 * recorded bodies within `maxBytesPerClient` after each write (its oldest records go first, its
 * newest stay), and another client's records are untouched.
 */
import { expect, it } from 'vitest';
import { pruneToBytes } from '../../../src/engine/inspector/byte-budget.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from '../../../src/features/world/world.js';
import { describeEngines } from '../../support/harness.js';
import { recordsOf } from '../../support/request-records.js';

const BUDGET = 200_000;
const LARGE = 30_000; // characters of one request's institution_id: under the 32 KiB cut

const bodiesOf = (records: { request_body: string; response_body: string }[]) =>
  records.reduce((sum, record) => sum + record.request_body.length + record.response_body.length, 0);

describeEngines(
  'request records within a byte budget per client',
  (sandbox) => {
    it("keeps a flooding client's bodies within the budget, its newest records, and another client's records", async () => {
      for (let index = 0; index < 3; index++) {
        await sandbox().ok('sandboxClockGet', {}, 'demo');
      }
      const quiet = await recordsOf(sandbox(), DEMO_CLIENT.clientId);
      expect(quiet).toHaveLength(3);
      for (let round = 0; round < 4; round++) {
        for (let index = 0; index < 10; index++) {
          await sandbox().fail('sandboxPublicTokenCreate', {
            institution_id: `${round}-${index}-${'a'.repeat(LARGE)}`,
            initial_products: ['auth'],
          });
        }
        const flooded = await recordsOf(sandbox(), DEFAULT_CLIENT.clientId);
        expect(bodiesOf(flooded)).toBeLessThanOrEqual(BUDGET);
        // The newest request of the round is kept.
        expect(flooded.at(-1)?.request_body).toContain(`${round}-9-`);
      }
      expect(await recordsOf(sandbox(), DEMO_CLIENT.clientId)).toEqual(quiet);
    });
  },
  { requestRecords: { maxBytesPerClient: BUDGET } },
);

describeEngines('the characters of request records, stored with each record', (sandbox) => {
  it("stores each record's body characters, which the byte budget sums", async () => {
    await sandbox().ok('sandboxClockGet', {}, 'demo');
    await sandbox().fail('sandboxPublicTokenCreate', { institution_id: 'a'.repeat(1_000), initial_products: ['auth'] });
    const records = await recordsOf(sandbox(), DEFAULT_CLIENT.clientId);
    expect(records.length).toBeGreaterThan(0);
    for (const record of records) {
      expect(record.body_chars).toBe(record.request_body.length + record.response_body.length);
    }
    // The budget counts the stored figure: made large, the oldest record alone is over it.
    const [oldest, ...newer] = records;
    const store = sandbox().sandbox.store;
    await store.db
      .updateTable('request_records')
      .set({ body_chars: 1_000_000 })
      .where('id', '=', (oldest as { id: number }).id)
      .execute();
    expect(await pruneToBytes(store, DEFAULT_CLIENT.clientId, 500_000)).toBe(1);
    expect((await recordsOf(sandbox(), DEFAULT_CLIENT.clientId)).map((record) => record.id)).toEqual(
      newer.map((record) => record.id),
    );
    expect(await recordsOf(sandbox(), DEMO_CLIENT.clientId)).toHaveLength(1);
  });
});

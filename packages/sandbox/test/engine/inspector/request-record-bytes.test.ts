/**
 * The byte budget of request records, on both engines: a client flooding large bodies keeps its
 * recorded bodies within `maxBytesPerClient` after each write (its oldest records go first, its
 * newest stay), and another client's records are untouched.
 */
import { expect, it } from 'vitest';
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

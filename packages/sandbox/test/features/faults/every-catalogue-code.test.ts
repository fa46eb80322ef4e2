/**
 * Every row of the error catalogue can be answered on demand: `SVC-Sandbox-Fault: error=TYPE/CODE`
 * gets that row's HTTP status, type and code in the API's error object, with `Retry-After` only
 * on a 429. This is what spec/errors/sandbox-reachability.yaml promises for the codes no state
 * produces (`AMOUNT_EXCEEDS_DEVELOPMENT_LIMIT`, `PLANNED_MAINTENANCE`, the asset report
 * `PRODUCT_NOT_READY`).
 */
import { errorCatalogue } from '@svc/server-kit';
import { expect, it } from 'vitest';
import { callFaulted } from '../../support/faults.js';
import { describeEngines } from '../../support/harness.js';

describeEngines('failures on demand: every catalogue row', (sandbox) => {
  it.each(errorCatalogue.entries.map((entry) => [`${entry.type}/${entry.code}`, entry] as const))(
    'error=%s answers its catalogue row',
    async (fault, entry) => {
      const outcome = await callFaulted(sandbox(), 'sandboxClockGet', {}, `error=${fault}`);
      if (outcome.dropped) {
        throw new Error('the connection was dropped');
      }
      expect(outcome.status).toBe(entry.status);
      expect(outcome.body).toMatchObject({
        error_type: entry.type,
        error_code: entry.code,
        status: entry.status,
      });
      expect(typeof outcome.body.request_id).toBe('string');
      expect(outcome.headers.get('retry-after')).toBe(entry.status === 429 ? '1' : null);
    },
  );
});

import { expect, it } from 'vitest';
import { describeEngines } from '../../support/harness.js';

describeEngines(
  'unexpected failures',
  (sandbox) => {
    it('answers 500 INTERNAL_SERVER_ERROR with the request_id, without internal details, and logs the failure', async () => {
      const reply = await sandbox().fail('institutionsGet', { count: 1, offset: 0, country_codes: ['US'] });
      expect(reply.status).toBe(500);
      expect(reply.body).toMatchObject({ error_type: 'API_ERROR', error_code: 'INTERNAL_SERVER_ERROR' });
      expect(reply.body.error_message).not.toContain('database password');
      expect(reply.body.error_message).toContain(reply.body.request_id);
      const logged = sandbox().logs.find((entry) => entry.event === 'unexpected_error');
      expect(logged).toMatchObject({ request_id: reply.body.request_id, operation: 'institutionsGet' });
    });
  },
  {
    handlers: {
      institutionsGet: async () => {
        throw new Error('database password is hunter2');
      },
    },
  },
);

/**
 * Answers out of a client's namespace (`client-namespace.ts`, applied by the listener): only a
 * throwaway client holds canonical values in a namespace (`<value>~<client_id>`), so only its
 * answers lose that suffix; every other client is answered with what it stores and sends.
 */
import { expect, it } from 'vitest';
import { DEMO_CLIENT } from '../../../src/features/world/world.js';
import { createThrowaway, TEST_ADMIN_KEY } from '../../features/sandbox-admin/throwaway-support.js';
import { describeEngines } from '../../support/harness.js';
import { recordsOf } from '../../support/request-records.js';

describeEngines(
  'answers out of a client namespace',
  (sandbox) => {
    const unknownInstitution = (clientId: string) => ({
      institution_id: `ins_nowhere~${clientId}`,
      initial_products: ['auth'],
    });

    it("takes a throwaway client's namespace suffix out of its answers and their records", async () => {
      const client = await createThrowaway(sandbox(), 'namespaced');
      const reply = await sandbox().fail('sandboxPublicTokenCreate', unknownInstitution(client.clientId), client);
      expect(reply.body.error_code).toBe('INVALID_INSTITUTION');
      expect(reply.body.error_message).toBe('institution_id ins_nowhere is not the id of a sandbox institution');
      const [record] = await recordsOf(sandbox(), client.clientId);
      expect(JSON.parse(record?.response_body ?? '{}')).toEqual(reply.body);
    });

    it('answers a client without a namespace (the demo client) with what it sent', async () => {
      const reply = await sandbox().fail('sandboxPublicTokenCreate', unknownInstitution(DEMO_CLIENT.clientId), 'demo');
      expect(reply.body.error_code).toBe('INVALID_INSTITUTION');
      expect(reply.body.error_message).toBe(
        `institution_id ins_nowhere~${DEMO_CLIENT.clientId} is not the id of a sandbox institution`,
      );
      const [record] = await recordsOf(sandbox(), DEMO_CLIENT.clientId);
      expect(JSON.parse(record?.response_body ?? '{}')).toEqual(reply.body);
    });
  },
  { adminKey: TEST_ADMIN_KEY, delivery: { concurrency: 0 } },
);

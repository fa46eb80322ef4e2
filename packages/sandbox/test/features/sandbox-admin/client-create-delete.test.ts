/**
 * `/sandbox/client/create` and `/sandbox/client/delete` on both engines: refused without the
 * admin key (a client's own credentials never work there), a new client answers the docs' read
 * examples exactly as the default client does, and a delete removes every row of the client and
 * leaves every other row byte-identical.
 */
import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { HEADER_NAMES } from '@svc/spec/headers';
import { expect, it } from 'vitest';
import { isAdminOperation } from '../../../src/engine/handler-types.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import {
  adminCall,
  createThrowaway,
  READ_EXAMPLES as readExamples,
  rowsOf,
  TEST_ADMIN_KEY,
  withoutRequestId,
} from './throwaway-support.js';

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  requestBody: { content: { 'application/json': { examples?: Record<string, { value: Record<string, unknown> }> } } };
}
const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as {
  paths: Record<string, { post: Operation }>;
};

describeEngines(
  'throwaway clients: create and delete',
  (sandbox) => {
    it('the admin operations are the spec operations the admin key secures', () => {
      // The admin key alone; a restore into a new client takes it besides the client's credentials.
      const secured = Object.values(document.paths)
        .map(({ post }) => post)
        .filter((operation) =>
          operation.security?.some((requirement) => Object.keys(requirement).join() === 'sandboxAdminKey'),
        )
        .map((operation) => operation.operationId);
      expect(secured.sort()).toEqual(['sandboxClientCreate', 'sandboxClientDelete']);
      expect(secured.every(isAdminOperation)).toBe(true);
    });

    it.each([
      ['no admin key', {}],
      ['a wrong admin key', { [HEADER_NAMES.sandboxAdminKey]: `${TEST_ADMIN_KEY}x` }],
      ['an empty admin key', { [HEADER_NAMES.sandboxAdminKey]: '' }],
      [
        "the default client's credentials",
        { [HEADER_NAMES.clientId]: DEFAULT_CLIENT.clientId, [HEADER_NAMES.secret]: DEFAULT_CLIENT.secret },
      ],
      ["the default client's secret as the admin key", { [HEADER_NAMES.sandboxAdminKey]: DEFAULT_CLIENT.secret }],
    ])('refuses a create with %s: 401 INVALID_ADMIN_KEY, no client made', async (_, headers) => {
      const before = await sandbox().sandbox.store.db.selectFrom('clients').select('client_id').execute();
      const reply = await adminCall(sandbox(), '/sandbox/client/create', { name: 'x' }, headers);
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ADMIN_KEY' });
      expect(JSON.stringify(reply.body)).not.toContain(TEST_ADMIN_KEY);
      const after = await sandbox().sandbox.store.db.selectFrom('clients').select('client_id').execute();
      expect(after).toEqual(before);
    });

    it('a new client answers every read example of the docs as the default client does', async () => {
      const client = await createThrowaway(sandbox());
      const differences: string[] = [];
      for (const example of readExamples) {
        const asDefault = await sandbox().call(example.operation, example.body);
        const asNew = await sandbox().call(example.operation, example.body, client);
        const a = JSON.stringify({ status: asDefault.status, body: withoutRequestId(asDefault.body) });
        const b = JSON.stringify({ status: asNew.status, body: withoutRequestId(asNew.body) });
        if (a !== b) {
          differences.push(`${example.operation} "${example.name}":\n  default ${a}\n  new     ${b}`);
        }
      }
      expect(differences.join('\n')).toBe('');
      expect(readExamples.length).toBeGreaterThan(20);
    });

    it("a new client's canonical token never reaches another client's data, and the creates of the docs replay as for the default client", async () => {
      const client = await createThrowaway(sandbox());
      // The canonical transfer's create example replays the seeded transfer (its idempotency key), in each world.
      const transferCreate = document.paths['/transfer/create']?.post.requestBody.content['application/json'].examples
        ?.default?.value as Record<string, unknown>;
      const asDefault = await sandbox().call('transferCreate', transferCreate);
      const asNew = await sandbox().call('transferCreate', transferCreate, client);
      expect(asNew.status).toBe(asDefault.status);
      expect(withoutRequestId(asNew.body)).toEqual(withoutRequestId(asDefault.body));
      // Stored apart: the default client's transfer is not the new client's.
      const rows = await sandbox()
        .sandbox.store.db.selectFrom('transfers')
        .select(['transfer_id', 'client_id'])
        .where('client_id', 'in', [DEFAULT_CLIENT.clientId, client.clientId])
        .execute();
      expect(new Set(rows.map((row) => row.transfer_id)).size).toBe(rows.length);
      // The demo client still cannot use the canonical token.
      const demo = await sandbox().fail('authGet', { access_token: CANONICAL_ACCESS_TOKEN }, 'demo');
      expect(demo.body.error_code).toBe('INVALID_ACCESS_TOKEN');
    });

    it('deletes a client with every row it owns, and every other row stays byte-identical', async () => {
      const client = await createThrowaway(sandbox(), 'to delete');
      // It does things of its own: a new Item, a transfer event, a fault rule.
      await sandbox().ok(
        'sandboxPublicTokenCreate',
        { institution_id: 'ins_109508', initial_products: ['auth'] },
        client,
      );
      await sandbox().ok('sandboxFaultRuleCreate', { fault: 'latency=1ms', probability: 0.01 } as never, client);
      const before = await rowsOf(sandbox(), client.clientId);
      const owned = Object.values(await rowsOf(sandbox()))
        .flat()
        .filter((row) => row.includes(client.clientId));
      expect(owned.length).toBeGreaterThan(20);

      const reply = await adminCall(sandbox(), '/sandbox/client/delete', { throwaway_client_id: client.clientId });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);

      const after = await rowsOf(sandbox());
      expect(
        Object.values(after)
          .flat()
          .filter((row) => row.includes(client.clientId)),
      ).toEqual([]);
      expect(after).toEqual(before);
      const refused = await sandbox().fail('sandboxClockGet', {}, client);
      expect(refused.body.error_code).toBe('INVALID_API_KEYS');
    });

    it.each([
      ['an unknown client', 'ffffffffffffffffffffffff'],
      ['the default client', DEFAULT_CLIENT.clientId],
    ])('refuses to delete %s: 400 INVALID_CLIENT_ID', async (_, id) => {
      const reply = await adminCall(sandbox(), '/sandbox/client/delete', { throwaway_client_id: id });
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_CLIENT_ID' });
      expect(await sandbox().ok('sandboxClockGet', {}, 'default')).toBeDefined();
    });

    it("refuses a delete without the admin key, even with the client's own credentials", async () => {
      const client = await createThrowaway(sandbox());
      const reply = await adminCall(
        sandbox(),
        '/sandbox/client/delete',
        { throwaway_client_id: client.clientId },
        { [HEADER_NAMES.clientId]: client.clientId, [HEADER_NAMES.secret]: client.secret },
      );
      expect(reply.status).toBe(401);
      expect(reply.body.error_code).toBe('INVALID_ADMIN_KEY');
      expect(await sandbox().ok('sandboxClockGet', {}, client)).toBeDefined();
    });
  },
  // No delivery runs: a delivery attempt written in the background would change the rows compared.
  { adminKey: TEST_ADMIN_KEY, delivery: { concurrency: 0 } },
);

const CANONICAL_ACCESS_TOKEN = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';

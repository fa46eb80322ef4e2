/**
 * `/sandbox/client/reset` on both engines: a throwaway client's world back to exactly how it was
 * made (its canonical world, real time, no fault rule, Item, webhook or key of its own), every
 * other client's rows byte-identical, the docs' clients refused, a client of `clients add` left
 * with nothing; `sandbox.reset()` gives throwaway clients their canonical world back; and on two
 * instances sharing one store, neither a reset nor a delete is served stale by the other.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { addClient } from '../../../src/engine/clients/clients.js';
import type { StoreLocation } from '../../../src/engine/store/open-store.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines, ENGINES, type EngineName, startTestSandbox } from '../../support/harness.js';
import { createTestDatabase } from '../../support/postgres.js';
import { adminCall, createThrowaway, rowsOf, TEST_ADMIN_KEY, useClient, worldOf } from './throwaway-support.js';

const CANONICAL_ACCESS_TOKEN = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';
const DAY_MS = 86_400_000;

describeEngines(
  'throwaway clients: reset',
  (sandbox) => {
    it('puts a throwaway client back exactly as it was made; every other row stays byte-identical', async () => {
      const client = await createThrowaway(sandbox(), 'to reset');
      const asMade = await worldOf(sandbox(), client);
      const accessToken = await useClient(sandbox(), client);
      expect(await worldOf(sandbox(), client)).not.toEqual(asMade);
      const others = await rowsOf(sandbox(), client.clientId);

      expect(await sandbox().ok('sandboxClientReset', {}, client)).toHaveProperty('request_id');

      expect(await worldOf(sandbox(), client)).toEqual(asMade);
      expect(await rowsOf(sandbox(), client.clientId)).toEqual(others);
      const clock = await sandbox().ok('sandboxClockGet', {}, client);
      expect(clock.clock.offset_ms).toBe(0);
      expect((await sandbox().ok('sandboxFaultRuleList', {}, client)).fault_rules).toEqual([]);
      expect((await sandbox().fail('authGet', { access_token: accessToken }, client)).body.error_code).toBe(
        'INVALID_ACCESS_TOKEN',
      );
      // The canonical world answers again, as the default client's does.
      const canonical = await sandbox().ok('authGet', { access_token: CANONICAL_ACCESS_TOKEN }, client);
      const asDefault = await sandbox().ok('authGet', { access_token: CANONICAL_ACCESS_TOKEN });
      expect({ ...canonical, request_id: '' }).toEqual({ ...asDefault, request_id: '' });
    });

    it.each([
      ['default', 'default'],
      ['demo', 'demo'],
    ] as const)('refuses to reset the docs %s client: 400 SANDBOX_CLIENT_SHARED, nothing changed', async (_, as) => {
      const before = await rowsOf(sandbox());
      const refused = await sandbox().fail('sandboxClientReset', {}, as);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ error_type: 'SANDBOX_ERROR', error_code: 'SANDBOX_CLIENT_SHARED' });
      expect(await rowsOf(sandbox())).toEqual(before);
    });

    it('leaves a client of `clients add` with nothing of its own, its credentials working', async () => {
      const added = await addClient(sandbox().sandbox.store, 'added', sandbox().clock.now());
      await useClient(sandbox(), added);
      await sandbox().ok('sandboxClientReset', {}, added);
      expect(await worldOf(sandbox(), added)).toEqual(
        Object.fromEntries(Object.keys(await worldOf(sandbox(), added)).map((table) => [table, []])),
      );
      expect((await sandbox().ok('sandboxClockGet', {}, added)).clock.offset_ms).toBe(0);
    });

    it("sandbox.reset() keeps a throwaway client with its canonical world, the docs' answers again", async () => {
      const client = await createThrowaway(sandbox(), 'kept');
      const asMade = await worldOf(sandbox(), client);
      await useClient(sandbox(), client);
      await sandbox().sandbox.reset();
      expect(await worldOf(sandbox(), client)).toEqual(asMade);
      expect(await sandbox().ok('authGet', { access_token: CANONICAL_ACCESS_TOKEN }, client)).toBeDefined();
      expect(await sandbox().ok('authGet', { access_token: CANONICAL_ACCESS_TOKEN })).toBeDefined();
    });
  },
  // No delivery runs: a delivery attempt written in the background would change the rows compared.
  { adminKey: TEST_ADMIN_KEY, delivery: { concurrency: 0 } },
);

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) {
    rmSync(dir, { recursive: true, force: true });
  }
});

/** A store two instances can share: a PostgreSQL database, or a SQLite file. */
async function sharedStore(engine: EngineName): Promise<StoreLocation> {
  if (engine === 'postgres') {
    return { kind: 'postgres', url: await createTestDatabase(inject('pgAdminUrl')) };
  }
  const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-reset-'));
  dirs.push(dir);
  return { kind: 'sqlite', dataDir: dir };
}

describe.each(ENGINES)('throwaway clients on two instances [%s]', (engine) => {
  it('the other instance serves neither a reset nor a deleted client from its remembered row', async () => {
    const store = await sharedStore(engine);
    const a = await startTestSandbox(engine, { store, adminKey: TEST_ADMIN_KEY });
    const b = await startTestSandbox(engine, { store, adminKey: TEST_ADMIN_KEY });
    try {
      const client = await createThrowaway(a);
      // B remembers the client with its clock a day ahead.
      await b.ok('sandboxClockAdvance', { duration: 'P1D' }, client);
      const ahead = await b.ok('sandboxFaultRuleCreate', { fault: 'latency=1ms', probability: 0.01 } as never, client);
      expect(new Date(ahead.fault_rule.created_at).getTime()).toBe(b.clock.now().getTime() + DAY_MS);

      await a.ok('sandboxClientReset', {}, client);
      // B's next request is at real time again, in the reset world.
      const after = await b.ok('sandboxFaultRuleCreate', { fault: 'latency=1ms', probability: 0.01 } as never, client);
      expect(new Date(after.fault_rule.created_at).getTime()).toBe(b.clock.now().getTime());
      expect((await b.ok('sandboxFaultRuleList', {}, client)).fault_rules).toHaveLength(1);

      const deleted = await adminCall(a, '/sandbox/client/delete', { throwaway_client_id: client.clientId });
      expect(deleted.status).toBe(200);
      // B still remembers the client's row: its credentials are refused at once all the same.
      const refused = await b.fail('sandboxFaultRuleList', {}, client);
      expect(refused.status).toBe(401);
      expect(refused.body.error_code).toBe('INVALID_API_KEYS');
      expect(
        await b.ok('sandboxClockGet', {}, { clientId: DEFAULT_CLIENT.clientId, secret: DEFAULT_CLIENT.secret }),
      ).toBeDefined();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

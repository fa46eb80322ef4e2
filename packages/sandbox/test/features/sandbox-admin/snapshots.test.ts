/**
 * `/sandbox/snapshot/create|list|remove|restore` on both engines: a restore puts the client's
 * world back exactly as the snapshot holds it (its clock at the snapshot's time), every other
 * client's rows byte-identical; a webhook finished since the snapshot is not sent again; the
 * limits (20 snapshots, bytes per snapshot); unknown and other clients' snapshots refused; and
 * reads during restores see one snapshot's world or the other's, never a mix.
 */
import { expect, it } from 'vitest';
import { CLIENT_LIMITS } from '../../../src/engine/errors/client-limits.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import {
  adminCall,
  createThrowaway,
  rowsOf,
  TEST_ADMIN_KEY,
  type ThrowawayCredentials,
  useClient,
} from './throwaway-support.js';

/** The world as a snapshot keeps it: with the store-wide numbers, which a restore keeps too. */
async function exactWorldOf(sandbox: TestSandbox, client: ThrowawayCredentials): Promise<Record<string, string[]>> {
  const { clients: _, ...world } = await rowsOf(sandbox, undefined, client.clientId);
  return world;
}

async function faultRuleIds(sandbox: TestSandbox, client: ThrowawayCredentials): Promise<string[]> {
  const { fault_rules } = await sandbox.ok('sandboxFaultRuleList', {}, client);
  return fault_rules.map((rule) => rule.fault_rule_id).sort();
}

async function addFaultRule(sandbox: TestSandbox, client: ThrowawayCredentials): Promise<void> {
  await sandbox.ok('sandboxFaultRuleCreate', { fault: 'latency=1ms', probability: 0.01 } as never, client);
}

describeEngines(
  'throwaway clients: snapshots',
  (sandbox) => {
    it('restores the world exactly as the snapshot holds it, the clock at its time; other rows byte-identical', async () => {
      const client = await createThrowaway(sandbox(), 'snapshots');
      await addFaultRule(sandbox(), client);
      const { snapshot } = await sandbox().ok('sandboxSnapshotCreate', { name: 'one rule' }, client);
      expect(snapshot).toMatchObject({ name: 'one rule', client_time: sandbox().clock.now().toISOString() });
      expect(snapshot.bytes).toBeGreaterThan(1000);
      const held = await exactWorldOf(sandbox(), client);
      await useClient(sandbox(), client); // an Item, a rule, a webhook, the clock 2 days ahead
      expect(await exactWorldOf(sandbox(), client)).not.toEqual(held);
      const others = await rowsOf(sandbox(), client.clientId);

      const restored = await sandbox().ok('sandboxSnapshotRestore', { snapshot_id: snapshot.snapshot_id }, client);
      expect(restored.snapshot).toEqual(snapshot);

      expect(await exactWorldOf(sandbox(), client)).toEqual(held);
      expect(await rowsOf(sandbox(), client.clientId)).toEqual(others);
      const { clock } = await sandbox().ok('sandboxClockGet', {}, client);
      expect(new Date(clock.current_time).toISOString()).toBe(snapshot.client_time);
      expect((await sandbox().ok('sandboxSnapshotList', {}, client)).snapshots).toEqual([snapshot]);
      // It stays, to restore again; a reset keeps it; a remove takes it.
      await sandbox().ok('sandboxClientReset', {}, client);
      await sandbox().ok('sandboxSnapshotRestore', { snapshot_id: snapshot.snapshot_id }, client);
      expect(await exactWorldOf(sandbox(), client)).toEqual(held);
      await sandbox().ok('sandboxSnapshotRemove', { snapshot_id: snapshot.snapshot_id }, client);
      expect((await sandbox().ok('sandboxSnapshotList', {}, client)).snapshots).toEqual([]);
    });

    it('does not send again a webhook delivered since the snapshot', async () => {
      const client = await createThrowaway(sandbox(), 'webhooks');
      await useClient(sandbox(), client);
      const db = sandbox().sandbox.store.db;
      const pending = () =>
        db
          .selectFrom('webhook_outbox')
          .select('id')
          .where('client_id', '=', client.clientId)
          .where('delivered_at', 'is', null)
          .where('failed_at', 'is', null)
          .execute();
      // Pending when the snapshot is taken.
      await db
        .updateTable('webhook_outbox')
        .set({ delivered_at: null, failed_at: null })
        .where('client_id', '=', client.clientId)
        .execute();
      const waiting = await pending();
      expect(waiting.length).toBeGreaterThan(0);
      const { snapshot } = await sandbox().ok('sandboxSnapshotCreate', {}, client);
      // Delivered since.
      await db
        .updateTable('webhook_outbox')
        .set({ delivered_at: sandbox().clock.now().toISOString() })
        .where('client_id', '=', client.clientId)
        .execute();
      await sandbox().ok('sandboxSnapshotRestore', { snapshot_id: snapshot.snapshot_id }, client);
      expect(await pending()).toEqual([]);
    });

    it(`keeps at most ${CLIENT_LIMITS.snapshots} snapshots and ${CLIENT_LIMITS.snapshotBytes} bytes each: SANDBOX_CLIENT_LIMIT_REACHED`, async () => {
      const client = await createThrowaway(sandbox(), 'limits');
      for (let index = 0; index < CLIENT_LIMITS.snapshots; index++) {
        await sandbox().ok('sandboxSnapshotCreate', { name: `n${index}` }, client);
      }
      const refused = await sandbox().fail('sandboxSnapshotCreate', {}, client);
      expect(refused.body).toMatchObject({ error_type: 'SANDBOX_ERROR', error_code: 'SANDBOX_CLIENT_LIMIT_REACHED' });
      expect(refused.body.error_message).toContain(`${CLIENT_LIMITS.snapshots} snapshots`);

      const small = await createThrowaway(sandbox(), 'bytes');
      const limits = CLIENT_LIMITS as { snapshotBytes: number };
      const cap = limits.snapshotBytes;
      limits.snapshotBytes = 1000;
      try {
        const tooBig = await sandbox().fail('sandboxSnapshotCreate', {}, small);
        expect(tooBig.body.error_code).toBe('SANDBOX_CLIENT_LIMIT_REACHED');
        expect(tooBig.body.error_message).toContain('more than the 1000');
      } finally {
        limits.snapshotBytes = cap;
      }
      expect((await sandbox().ok('sandboxSnapshotList', {}, small)).snapshots).toEqual([]);
    });

    it("refuses an unknown snapshot and another client's, and the docs' shared clients", async () => {
      const [one, other] = [await createThrowaway(sandbox(), 'one'), await createThrowaway(sandbox(), 'other')];
      const { snapshot } = await sandbox().ok('sandboxSnapshotCreate', {}, one);
      for (const [operation, id] of [
        ['sandboxSnapshotRestore', 'snapshot-none'],
        ['sandboxSnapshotRemove', 'snapshot-none'],
        ['sandboxSnapshotRestore', snapshot.snapshot_id],
        ['sandboxSnapshotRemove', snapshot.snapshot_id],
      ] as const) {
        const refused = await sandbox().fail(operation, { snapshot_id: id }, other);
        expect(refused.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_SNAPSHOT_ID' });
      }
      expect((await sandbox().ok('sandboxSnapshotList', {}, other)).snapshots).toEqual([]);
      for (const as of ['default', 'demo'] as const) {
        expect((await sandbox().fail('sandboxSnapshotCreate', {}, as)).body.error_code).toBe('SANDBOX_CLIENT_SHARED');
        const restore = await sandbox().fail('sandboxSnapshotRestore', { snapshot_id: snapshot.snapshot_id }, as);
        expect(restore.body.error_code).toBe('SANDBOX_CLIENT_SHARED');
      }
      // A deleted client's snapshots go with it.
      await adminCall(sandbox(), '/sandbox/client/delete', { throwaway_client_id: one.clientId });
      const left = await sandbox()
        .sandbox.store.db.selectFrom('client_snapshots')
        .select('snapshot_id')
        .where('client_id', '=', one.clientId)
        .execute();
      expect(left).toEqual([]);
    });

    it('reads during restores see one snapshot or the other, never a mix', async () => {
      const client = await createThrowaway(sandbox(), 'atomic');
      await addFaultRule(sandbox(), client);
      const a = (await sandbox().ok('sandboxSnapshotCreate', { name: 'a' }, client)).snapshot;
      const rulesOfA = await faultRuleIds(sandbox(), client);
      await addFaultRule(sandbox(), client);
      await addFaultRule(sandbox(), client);
      const b = (await sandbox().ok('sandboxSnapshotCreate', { name: 'b' }, client)).snapshot;
      const rulesOfB = await faultRuleIds(sandbox(), client);
      const seen: string[][] = [];
      for (let round = 0; round < 8; round++) {
        const target = round % 2 === 0 ? a : b;
        const reads = Array.from({ length: 6 }, async () => seen.push(await faultRuleIds(sandbox(), client)));
        await Promise.all([
          sandbox().ok('sandboxSnapshotRestore', { snapshot_id: target.snapshot_id }, client),
          ...reads,
        ]);
      }
      expect(seen).toHaveLength(48);
      for (const rules of seen) {
        expect([JSON.stringify(rulesOfA), JSON.stringify(rulesOfB)]).toContain(JSON.stringify(rules));
      }
      expect(await faultRuleIds(sandbox(), client)).toEqual(rulesOfB);
    });
  },
  // No delivery runs: the webhook case sets what was delivered itself.
  { adminKey: TEST_ADMIN_KEY, delivery: { concurrency: 0 } },
);

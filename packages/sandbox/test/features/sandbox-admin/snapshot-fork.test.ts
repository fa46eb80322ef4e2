/**
 * `/sandbox/snapshot/restore` with `into_new_client` (a fork) on both engines: the fork answers
 * every read the source answered at the snapshot byte for byte, ids included (the canonical world
 * and the source's own new Item and transfer), a fork of the fork too; the source stays
 * byte-identical; writes in one never reach the other; what the source made after the snapshot is
 * unknown to the fork; refused without the admin key; the source's caps come along; a webhook the
 * source finished since is not sent again; a delete takes everything the fork owns.
 */
import { HEADER_NAMES } from '@svc/spec/headers';
import { expect, it } from 'vitest';
import { CLIENT_LIMITS } from '../../../src/engine/errors/client-limits.js';
import type { OperationId } from '../../../src/generated/handlers.gen.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { authorizationRequest, authorizeAndCreate, newItem } from '../../support/transfer-fixtures.js';
import {
  adminCall,
  createThrowaway,
  READ_EXAMPLES,
  rowsOf,
  TEST_ADMIN_KEY,
  type ThrowawayCredentials,
} from './throwaway-support.js';

/** Restores `snapshotId` of `client` into a new client, sending `adminKey` (null: no header). */
async function forkCall(
  sandbox: TestSandbox,
  client: ThrowawayCredentials,
  snapshotId: string,
  adminKey: string | null = TEST_ADMIN_KEY,
) {
  return adminCall(
    sandbox,
    '/sandbox/snapshot/restore',
    { snapshot_id: snapshotId, into_new_client: true },
    {
      [HEADER_NAMES.clientId]: client.clientId,
      [HEADER_NAMES.secret]: client.secret,
      ...(adminKey === null ? {} : { [HEADER_NAMES.sandboxAdminKey]: adminKey }),
    },
  );
}

/** Forks `snapshotId` of `client`: the new client's credentials (failing the test unless it succeeds). */
async function fork(sandbox: TestSandbox, client: ThrowawayCredentials, snapshotId: string) {
  const reply = await forkCall(sandbox, client, snapshotId);
  if (reply.status !== 200) {
    throw new Error(`fork failed: ${JSON.stringify(reply.body)}`);
  }
  const made = reply.body.new_client as Record<string, string>;
  return { clientId: made.client_id, secret: made.secret, webhookSecret: made.webhook_secret } as ThrowawayCredentials;
}

/**
 * Reads of the source's own: its new Item and transfer, besides every read example of the docs
 * (but the list of snapshots: they stay with the client that took them, and are no part of a world).
 */
function readsOf(item: { accessToken: string; itemId: string }, transferId: string) {
  const own: { operation: OperationId; name: string; body: Record<string, unknown> }[] = [
    { operation: 'itemApplicationList', name: 'own Item', body: { access_token: item.accessToken } },
    { operation: 'identityGet', name: 'own identity', body: { access_token: item.accessToken } },
    { operation: 'authGet', name: 'own auth', body: { access_token: item.accessToken } },
    { operation: 'transferGet', name: 'own transfer', body: { transfer_id: transferId } },
    { operation: 'transferList', name: 'transfers', body: {} },
    { operation: 'transferEventSync', name: 'transfer events', body: { after_id: 0 } },
    { operation: 'sandboxFaultRuleList', name: 'fault rules', body: {} },
    { operation: 'sandboxClockGet', name: 'clock', body: {} },
  ];
  return [...READ_EXAMPLES.filter((read) => read.operation !== 'sandboxSnapshotList'), ...own];
}

/** Every answer of `reads` for `client`, `request_id` aside. */
async function answers(sandbox: TestSandbox, client: ThrowawayCredentials, reads: ReturnType<typeof readsOf>) {
  const out: string[] = [];
  for (const read of reads) {
    const reply = await sandbox.call(read.operation, read.body, client);
    const { request_id: _, ...body } = reply.body as Record<string, unknown>;
    out.push(`${read.operation} "${read.name}": ${reply.status} ${JSON.stringify(body)}`);
  }
  return out;
}

/**
 * The rows `clientId` owns, its fault rules' count of the requests they considered aside (a fork
 * is a request of its source, which its rules consider).
 */
async function rowsBesidesRuleCounts(sandbox: TestSandbox, clientId: string) {
  const rows = await rowsOf(sandbox, undefined, clientId);
  rows.fault_rules = (rows.fault_rules ?? []).map((row) => row.replace(/"matched_count":\d+/, ''));
  return rows;
}

/** A throwaway client with an Item, a transfer and a fault rule of its own, its clock a day on. */
async function busySource(sandbox: TestSandbox) {
  const source = await createThrowaway(sandbox, 'source');
  const item = await newItem(sandbox, { webhook: 'https://example.com/hooks/fork' }, source);
  const { transfer } = await authorizeAndCreate(sandbox, authorizationRequest(item), 'fork-key-1', source);
  await sandbox.ok('sandboxFaultRuleCreate', { fault: 'latency=1ms', probability: 0.01 } as never, source);
  await sandbox.ok('sandboxClockAdvance', { duration: 'P1D' }, source);
  return { source, item, transferId: transfer.id };
}

describeEngines(
  'throwaway clients: a snapshot restored into a new client (a fork)',
  (sandbox) => {
    it('answers every read the source answered at the snapshot, ids included; the source untouched; a fork of the fork too', async () => {
      const { source, item, transferId } = await busySource(sandbox());
      const { snapshot } = await sandbox().ok('sandboxSnapshotCreate', { name: 'busy' }, source);
      const reads = readsOf(item, transferId);
      const atSnapshot = await answers(sandbox(), source, reads);
      expect(atSnapshot.filter((line) => / 200 /.test(line)).length).toBeGreaterThan(25);
      // The source moves on after the snapshot.
      await authorizeAndCreate(sandbox(), authorizationRequest(item), 'fork-key-2', source);
      await sandbox().ok('sandboxClockAdvance', { duration: 'P1D' }, source);
      const sourceRows = await rowsBesidesRuleCounts(sandbox(), source.clientId);

      const reply = await forkCall(sandbox(), source, snapshot.snapshot_id);
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(reply.body.snapshot).toEqual(snapshot);
      expect(reply.body.new_client).toMatchObject({ name: 'fork of source' });
      const forked = await fork(sandbox(), source, snapshot.snapshot_id);

      expect(await rowsBesidesRuleCounts(sandbox(), source.clientId)).toEqual(sourceRows);
      expect(await answers(sandbox(), forked, reads)).toEqual(atSnapshot);
      const { snapshot: again } = await sandbox().ok('sandboxSnapshotCreate', {}, forked);
      const forkOfFork = await fork(sandbox(), forked, again.snapshot_id);
      // Its rules' request counts are the fork's at its own snapshot, after the reads above.
      const withoutCounts = (lines: string[]) => lines.map((line) => line.replaceAll(/"matched_count":\d+/g, ''));
      expect(withoutCounts(await answers(sandbox(), forkOfFork, reads))).toEqual(withoutCounts(atSnapshot));
      const stored = await sandbox()
        .sandbox.store.db.selectFrom('clients')
        .select(['client_id', 'throwaway'])
        .where('client_id', 'in', [forked.clientId, forkOfFork.clientId])
        .execute();
      expect(stored.map((row) => row.throwaway)).toEqual([1, 1]);
    });

    it('writes in the fork never reach the source and back; what the source made after the snapshot is unknown to the fork', async () => {
      const { source, item } = await busySource(sandbox());
      const { snapshot } = await sandbox().ok('sandboxSnapshotCreate', {}, source);
      const forked = await fork(sandbox(), source, snapshot.snapshot_id);

      const forkRows = await rowsOf(sandbox(), undefined, forked.clientId);
      const { transfer: later } = await authorizeAndCreate(sandbox(), authorizationRequest(item), 'fork-key-3', source);
      await sandbox().ok('sandboxFaultRuleCreate', { fault: 'latency=2ms', probability: 0.02 } as never, source);
      expect(await rowsOf(sandbox(), undefined, forked.clientId)).toEqual(forkRows);
      const unknown = await sandbox().fail('transferGet', { transfer_id: later.id }, forked);
      expect(unknown.body).toMatchObject({ error_code: 'INVALID_TRANSFER_ID' });

      const sourceRows = await rowsOf(sandbox(), undefined, source.clientId);
      // The same idempotency key and request in the fork: its own transfer, the source's stays as it was.
      const { transfer: own } = await authorizeAndCreate(sandbox(), authorizationRequest(item), 'fork-key-3', forked);
      await sandbox().ok('itemRemove', { access_token: item.accessToken }, forked);
      expect(await rowsOf(sandbox(), undefined, source.clientId)).toEqual(sourceRows);
      expect((await sandbox().ok('transferGet', { transfer_id: own.id }, forked)).transfer.id).toBe(own.id);
      expect((await sandbox().fail('transferGet', { transfer_id: own.id }, source)).body.error_code).toBe(
        'INVALID_TRANSFER_ID',
      );
      expect((await sandbox().ok('authGet', { access_token: item.accessToken }, source)).item.item_id).toBe(
        item.itemId,
      );
    });

    it.each([
      ['no admin key', null],
      ['a wrong admin key', `${TEST_ADMIN_KEY}x`],
      ["the client's own secret as the admin key", 'own secret'],
    ])('refuses a fork with %s: 401 INVALID_ADMIN_KEY, nothing made', async (_, key) => {
      const source = await createThrowaway(sandbox(), 'refused');
      const { snapshot } = await sandbox().ok('sandboxSnapshotCreate', {}, source);
      const clients = () => sandbox().sandbox.store.db.selectFrom('clients').select('client_id').execute();
      const before = await clients();
      const reply = await forkCall(sandbox(), source, snapshot.snapshot_id, key === 'own secret' ? source.secret : key);
      expect(reply.status).toBe(401);
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ADMIN_KEY' });
      expect(await clients()).toEqual(before);
      // Another client's snapshot is no one's to fork, admin key or not.
      const other = await createThrowaway(sandbox(), 'other');
      const foreign = await forkCall(sandbox(), other, snapshot.snapshot_id);
      expect(foreign.body).toMatchObject({ error_code: 'INVALID_SNAPSHOT_ID' });
      expect(await clients()).toHaveLength(before.length + 1);
    });

    it(`keeps the source's caps: a fork of a client at ${CLIENT_LIMITS.faultRules} fault rules may add none (SANDBOX_CLIENT_LIMIT_REACHED)`, async () => {
      const source = await createThrowaway(sandbox(), 'at the cap');
      for (let index = 0; index < CLIENT_LIMITS.faultRules; index++) {
        await sandbox().ok('sandboxFaultRuleCreate', { fault: 'latency=1ms', probability: 0.001 } as never, source);
      }
      const { snapshot } = await sandbox().ok('sandboxSnapshotCreate', {}, source);
      const forked = await fork(sandbox(), source, snapshot.snapshot_id);
      const refused = await sandbox().fail(
        'sandboxFaultRuleCreate',
        { fault: 'latency=1ms', probability: 0.001 } as never,
        forked,
      );
      expect(refused.body).toMatchObject({ error_type: 'SANDBOX_ERROR', error_code: 'SANDBOX_CLIENT_LIMIT_REACHED' });
      const idsOf = async (client: ThrowawayCredentials) =>
        (await sandbox().ok('sandboxFaultRuleList', {}, client)).fault_rules.map((rule) => rule.fault_rule_id);
      expect(await idsOf(forked)).toEqual(await idsOf(source));
    });

    it('does not send again a webhook pending in the snapshot that the source delivered since', async () => {
      const { source, item } = await busySource(sandbox());
      await sandbox().ok(
        'sandboxItemFireWebhook',
        { access_token: item.accessToken, webhook_code: 'DEFAULT_UPDATE' },
        source,
      );
      const db = sandbox().sandbox.store.db;
      const pendingOf = (clientId: string) =>
        db
          .selectFrom('webhook_outbox')
          .select(['id', 'body'])
          .where('client_id', '=', clientId)
          .where('delivered_at', 'is', null)
          .where('failed_at', 'is', null)
          .execute();
      const waiting = await pendingOf(source.clientId);
      expect(waiting.length).toBeGreaterThan(0);
      const { snapshot } = await sandbox().ok('sandboxSnapshotCreate', {}, source);
      const delivered = waiting[0]?.id ?? -1;
      await db
        .updateTable('webhook_outbox')
        .set({ delivered_at: sandbox().clock.now().toISOString() })
        .where('id', '=', delivered)
        .execute();
      const forked = await fork(sandbox(), source, snapshot.snapshot_id);
      const forkPending = await pendingOf(forked.clientId);
      expect(forkPending).toHaveLength(waiting.length - 1);
      // New numbers, the bodies the source's in the fork's namespace.
      expect(forkPending.map((row) => row.id).some((id) => waiting.some((old) => old.id === id))).toBe(false);
      for (const row of forkPending) {
        expect(row.body).toContain(`~${forked.clientId}`);
      }
    });

    it('a delete of the fork takes every row it owns; every other row stays byte-identical', async () => {
      const { source } = await busySource(sandbox());
      const { snapshot } = await sandbox().ok('sandboxSnapshotCreate', {}, source);
      const forked = await fork(sandbox(), source, snapshot.snapshot_id);
      const others = await rowsOf(sandbox(), forked.clientId);
      const owned = Object.values(await rowsOf(sandbox(), undefined, forked.clientId)).flat();
      expect(owned.length).toBeGreaterThan(20);
      const reply = await adminCall(sandbox(), '/sandbox/client/delete', { throwaway_client_id: forked.clientId });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      expect(Object.values(await rowsOf(sandbox(), undefined, forked.clientId)).flat()).toEqual([]);
      const after = await rowsOf(sandbox());
      expect(
        Object.values(after)
          .flat()
          .filter((row) => row.includes(forked.clientId)),
      ).toEqual([]);
      expect(after).toEqual(others);
    });
  },
  // No delivery runs: a delivery attempt written in the background would change the rows compared.
  { adminKey: TEST_ADMIN_KEY, delivery: { concurrency: 0 } },
);

/**
 * Retention deletes only what is due, on both engines: idempotency keys once expired (and an
 * expired key is new even before the pruner runs), finished webhooks with their attempts and
 * authorizations never used once older than the retention age; never a pending webhook, a used
 * or canonical authorization, a seeded key, a transfer. Two pruners on one PostgreSQL split the
 * work without conflict.
 */
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import type { LogEntry } from '../../../src/engine/logger.js';
import { openStore, type Store } from '../../../src/engine/store/open-store.js';
import { engineRetentionSteps, startPruner } from '../../../src/engine/store/retention.js';
import { CANONICAL_AUTHORIZATIONS, CANONICAL_TRANSFER } from '../../../src/features/transfers/canonical.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';
import { createTestDatabase } from '../../support/postgres.js';
import { useTempSqliteStore } from '../../support/temp-sqlite-store.js';
import {
  authorizationRequest,
  authorizeAndCreate,
  newItem,
  newKey,
  type TestItem,
  transferRequest,
} from '../../support/transfer-fixtures.js';

const HOUR = 60 * 60 * 1000;
const RETENTION = { recordAgeMs: 24 * HOUR, intervalMs: 1000 * HOUR, batchSize: 2 };

/** Idempotency keys of the default client, by key. */
async function keyRows(sandbox: TestSandbox): Promise<Map<string, string | null>> {
  const rows = await sandbox.sandbox.store.db
    .selectFrom('idempotency_keys')
    .select(['idempotency_key', 'expires_at'])
    .execute();
  return new Map(rows.map((row) => [row.idempotency_key, row.expires_at]));
}

describeEngines(
  'idempotency key retention',
  (sandbox) => {
    let item: TestItem;
    beforeAll(async () => {
      item = await newItem(sandbox());
    });

    it('remembers a key for 24 hours, then treats it as new, before and after pruning', async () => {
      const request = authorizationRequest(item);
      const key = newKey('kept');
      const first = await authorizeAndCreate(sandbox(), request, key);
      sandbox().clock.advance(24 * HOUR - 1);
      const other = await sandbox().ok('transferAuthorizationCreate', request);
      const refused = await sandbox().fail('transferCreate', transferRequest(request, other.authorization.id, key));
      expect(refused.body.error_code).toBe('IDEMPOTENCY_KEY_REUSED');
      expect(await sandbox().sandbox.prune()).toMatchObject({ idempotency_keys: 0 });
      expect((await keyRows(sandbox())).has(key)).toBe(true);

      sandbox().clock.advance(1);
      // Expired but not pruned yet: the key is new.
      const second = await sandbox().ok('transferCreate', transferRequest(request, other.authorization.id, key));
      expect(second.transfer.id).not.toBe(first.transfer.id);
      const repeat = await sandbox().ok('transferCreate', transferRequest(request, other.authorization.id, key));
      expect(repeat.transfer.id).toBe(second.transfer.id);
      // The first transfer is still there: retention never deletes what a client can read.
      const got = await sandbox().ok('transferGet', { transfer_id: first.transfer.id });
      expect(got.transfer.id).toBe(first.transfer.id);
    });

    it('deletes expired keys only, never the seeded canonical one', async () => {
      const request = authorizationRequest(item);
      const old = newKey('old');
      const fresh = newKey('fresh');
      await authorizeAndCreate(sandbox(), request, old);
      sandbox().clock.advance(12 * HOUR);
      await authorizeAndCreate(sandbox(), request, fresh);
      sandbox().clock.advance(12 * HOUR);
      const before = await keyRows(sandbox());
      const deleted = await sandbox().sandbox.prune();
      const after = await keyRows(sandbox());
      const now = sandbox().clock.now().toISOString();
      const due = [...before].filter(([, expires]) => expires !== null && expires <= now).map(([key]) => key);
      expect(due).toContain(old);
      expect(deleted.idempotency_keys).toBe(due.length);
      expect([...after.keys()].sort()).toEqual([...before.keys()].filter((key) => !due.includes(key)).sort());
      expect(after.has(fresh)).toBe(true);
      expect(after.get(CANONICAL_TRANSFER.request.idempotency_key)).toBeNull();
      // The docs' example still answers with the canonical transfer.
      const canonical = await sandbox().ok('transferCreate', CANONICAL_TRANSFER.request);
      expect(canonical.transfer.id).toBe(CANONICAL_TRANSFER.id);
    });
  },
  { retention: RETENTION },
);

describeEngines(
  'webhook retention',
  (sandbox) => {
    it('deletes webhooks delivered or given up before the retention age, with their attempts, and nothing else', async () => {
      const { db } = sandbox().sandbox.store;
      const now = sandbox().clock.now().getTime();
      const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR).toISOString();
      const rows = [
        { name: 'delivered-old', delivered_at: at(25), failed_at: null },
        { name: 'failed-old', delivered_at: null, failed_at: at(24) },
        { name: 'delivered-recent', delivered_at: at(23), failed_at: null },
        { name: 'failed-recent', delivered_at: null, failed_at: at(1) },
        { name: 'pending-old', delivered_at: null, failed_at: null },
      ];
      const ids = new Map<string, number>();
      for (const row of rows) {
        const inserted = await db
          .insertInto('webhook_outbox')
          .values({
            client_id: 'retention-test',
            item_id: null,
            url: 'http://127.0.0.1:9/hook',
            webhook_code: row.name,
            body: '{}',
            created_at: at(48),
            next_attempt_at: at(-1000),
            attempts: 2,
            delivered_at: row.delivered_at,
            failed_at: row.failed_at,
            last_error: null,
            locked_until: null,
            locked_by: null,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        ids.set(row.name, inserted.id);
        for (const attempt of [1, 2]) {
          await db
            .insertInto('webhook_attempts')
            .values({
              outbox_id: inserted.id,
              attempt,
              started_at: at(30),
              duration_ms: 1,
              status_code: 500,
              error: null,
              instance_id: 'test',
            })
            .execute();
        }
      }
      const deleted = await sandbox().sandbox.prune();
      expect(deleted.webhook_outbox).toBe(2);
      const left = await db
        .selectFrom('webhook_outbox')
        .select('webhook_code')
        .where('client_id', '=', 'retention-test')
        .execute();
      expect(left.map((row) => row.webhook_code).sort()).toEqual(['delivered-recent', 'failed-recent', 'pending-old']);
      const attempts = await db.selectFrom('webhook_attempts').select('outbox_id').execute();
      const kept = new Set(['delivered-recent', 'failed-recent', 'pending-old'].map((name) => ids.get(name)));
      const ofTest = attempts.filter((row) => [...ids.values()].includes(row.outbox_id));
      expect(ofTest).toHaveLength(6);
      expect(ofTest.every((row) => kept.has(row.outbox_id))).toBe(true);
    });
  },
  { retention: RETENTION },
);

describeEngines(
  'authorization retention',
  (sandbox) => {
    it('deletes authorizations never used once older than the retention age; keeps used, recent and canonical ones', async () => {
      const item = await newItem(sandbox());
      const request = authorizationRequest(item);
      const used = await authorizeAndCreate(sandbox(), request, newKey('used'));
      const unused = await sandbox().ok('transferAuthorizationCreate', request);
      sandbox().clock.advance(24 * HOUR + 1);
      const recent = await sandbox().ok('transferAuthorizationCreate', request);
      const deleted = await sandbox().sandbox.prune();
      expect(deleted.transfer_authorizations).toBe(1);
      const left = new Set(
        (
          await sandbox().sandbox.store.db.selectFrom('transfer_authorizations').select('authorization_id').execute()
        ).map((row) => row.authorization_id),
      );
      expect(left.has(unused.authorization.id)).toBe(false);
      expect(left.has(used.authorization.id)).toBe(true);
      expect(left.has(recent.authorization.id)).toBe(true);
      for (const canonical of CANONICAL_AUTHORIZATIONS) {
        expect(left.has(canonical.id)).toBe(true);
      }
      const late = await sandbox().fail('transferCreate', transferRequest(request, unused.authorization.id, newKey()));
      expect(late.body.error_code).toBe('INVALID_AUTHORIZATION_ID');
      const again = await sandbox().fail('transferCreate', transferRequest(request, used.authorization.id, newKey()));
      expect(again.body.error_code).toBe('TRANSFER_AUTHORIZATION_ALREADY_USED');
    });
  },
  { retention: RETENTION },
);

describeEngines(
  'retention off',
  (sandbox) => {
    it('prunes nothing', async () => {
      sandbox().clock.advance(1000 * HOUR);
      expect(await sandbox().sandbox.prune()).toEqual({});
    });
  },
  { retention: null },
);

describe('two pruners on one PostgreSQL', () => {
  let stores: Store[] = [];
  beforeAll(async () => {
    const url = await createTestDatabase(inject('pgAdminUrl'));
    stores = [await openStore({ kind: 'postgres', url }), await openStore({ kind: 'postgres', url })];
  });
  afterAll(async () => {
    await Promise.all(stores.map((store) => store.close()));
  });

  it('delete every due row once between them and nothing else', async () => {
    const [first] = stores;
    if (!first) {
      throw new Error('no store');
    }
    const now = new Date('2026-11-05T00:00:00.000Z');
    const rows = Array.from({ length: 600 }, (_, index) => ({
      client_id: 'two-pruners',
      scope: 'transfer',
      idempotency_key: `key-${index}`,
      fingerprint: 'f',
      resource_id: `r-${index}`,
      created_at: '2026-11-03T00:00:00.000Z',
      // Even keys are due, odd ones are not.
      expires_at: index % 2 === 0 ? '2026-11-04T00:00:00.000Z' : '2026-11-06T00:00:00.000Z',
    }));
    await first.db.insertInto('idempotency_keys').values(rows).execute();
    const logger = () => undefined;
    const pruners = stores.map((store) =>
      startPruner({
        store,
        clock: { now: () => now },
        logger,
        steps: engineRetentionSteps,
        policy: { intervalMs: 1000 * HOUR, batchSize: 25 },
      }),
    );
    const counts = await Promise.all(pruners.map((pruner) => pruner.runOnce()));
    await Promise.all(pruners.map((pruner) => pruner.stop()));
    expect(counts.reduce((sum, count) => sum + (count.idempotency_keys ?? 0), 0)).toBe(300);
    const left = await first.db
      .selectFrom('idempotency_keys')
      .select('idempotency_key')
      .where('client_id', '=', 'two-pruners')
      .execute();
    expect(left.map((row) => Number(row.idempotency_key.slice(4))).sort((a, b) => a - b)).toEqual(
      rows.map((_, index) => index).filter((index) => index % 2 === 1),
    );
  });
});

describe('the pruner timer', () => {
  const temp = useTempSqliteStore('svc-retention-');

  it('prunes on its own every interval and logs what it deleted', async () => {
    await temp.store.db
      .insertInto('idempotency_keys')
      .values({
        client_id: 'timer',
        scope: 'transfer',
        idempotency_key: 'due',
        fingerprint: 'f',
        resource_id: 'r',
        created_at: '2026-11-01T00:00:00.000Z',
        expires_at: '2026-11-02T00:00:00.000Z',
      })
      .execute();
    const logs: LogEntry[] = [];
    const pruner = startPruner({
      store: temp.store,
      clock: { now: () => new Date('2026-11-03T00:00:00.000Z') },
      logger: (entry) => logs.push(entry),
      steps: engineRetentionSteps,
      policy: { intervalMs: 20 },
    });
    try {
      await vi.waitFor(() => expect(logs.map((entry) => entry.event)).toContain('retention_pruned'), { timeout: 5000 });
    } finally {
      await pruner.stop();
    }
    expect(logs.find((entry) => entry.event === 'retention_pruned')?.deleted).toEqual({
      idempotency_keys: 1,
      webhook_outbox: 0,
    });
    expect(
      await temp.store.db
        .selectFrom('idempotency_keys')
        .select('idempotency_key')
        .where('client_id', '=', 'timer')
        .execute(),
    ).toEqual([]);
  });
});

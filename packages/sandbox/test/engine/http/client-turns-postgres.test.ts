/**
 * A client's flood never takes every PostgreSQL connection of an instance: while many requests of
 * one client wait on a lock of its own rows (each holding a connection), another client's request
 * is still answered at once. Before turns per client, the flood held all 10 connections of the
 * pool and the other client's request waited for the lock to go.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CLIENT_LIMITS } from '../../../src/engine/errors/client-limits.js';
import { CANONICAL_ITEM, DEMO_CLIENT } from '../../../src/features/world/index.js';
import { startTestSandbox, type TestSandbox } from '../../support/harness.js';
import { createTestDatabase } from '../../support/postgres.js';

/** Requests of the noisy client: more than the pool's 10 connections. */
const FLOOD = 16;

describe('turns per client on PostgreSQL', () => {
  let sandbox: TestSandbox;
  let direct: pg.Client;

  beforeAll(async () => {
    const url = await createTestDatabase(inject('pgAdminUrl'));
    sandbox = await startTestSandbox('postgres', { store: { kind: 'postgres', url } });
    direct = new pg.Client({ connectionString: url });
    await direct.connect();
  });

  afterAll(async () => {
    await direct?.end();
    await sandbox?.stop();
  });

  /** Sessions of the database waiting for a lock. */
  async function waitingOnLocks(): Promise<number> {
    const { rows } = await direct.query<{ waiting: string }>(
      "select count(*) as waiting from pg_stat_activity where wait_event_type = 'Lock' and datname = current_database()",
    );
    return Number(rows[0]?.waiting);
  }

  it("answers a quiet client while a noisy one's requests wait on its own rows", async () => {
    // Every request of the demo client counts its rule: an update of the rule's row.
    await sandbox.ok('sandboxFaultRuleCreate', { fault: 'error=INTERNAL_SERVER_ERROR', probability: 0 }, 'demo');
    await direct.query('begin');
    await direct.query('select * from fault_rules where client_id = $1 for update', [DEMO_CLIENT.clientId]);
    let released = false;
    const flood = Array.from({ length: FLOOD }, () =>
      sandbox.call('institutionsGet', { count: 1, offset: 0, country_codes: ['US'] }, 'demo'),
    );
    try {
      // The noisy client's requests reach the lock, each holding a connection: no more of them
      // than it may run at once (once their number has stopped growing for half a second).
      let seen = 0;
      let steadySince = Date.now();
      const deadline = Date.now() + 10_000;
      while (Date.now() - steadySince < 500 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        const now = await waitingOnLocks();
        if (now !== seen) {
          seen = now;
          steadySince = Date.now();
        }
      }
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThanOrEqual(CLIENT_LIMITS.requestsAtOnce);
      // The quiet client, meanwhile: answered while the lock is still held.
      const quiet = sandbox.call('authGet', { access_token: CANONICAL_ITEM.accessToken });
      const outcome = await Promise.race([
        quiet.then((reply) => reply.status),
        new Promise((resolve) => setTimeout(() => resolve('still waiting after 5 s'), 5_000)),
      ]);
      expect(outcome).toBe(200);
    } finally {
      await direct.query('commit');
      released = true;
    }
    expect(released).toBe(true);
    const replies = await Promise.all(flood);
    expect(replies.map((reply) => reply.status)).toEqual(Array.from({ length: FLOOD }, () => 200));
  });
});

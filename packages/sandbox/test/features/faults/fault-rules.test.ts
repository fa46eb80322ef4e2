import { afterEach, describe, expect, inject, it } from 'vitest';
import { faultsNth } from '../../../src/features/faults/rules.js';
import { callFaulted } from '../../support/faults.js';
import { describeEngines, startTestSandbox, type TestSandbox } from '../../support/harness.js';
import { createTestDatabase } from '../../support/postgres.js';
import { authorizationRequest, newItem, transferRequest } from '../../support/transfer-fixtures.js';

/** A cheap request any client may make. */
const INSTITUTIONS = { count: 1, offset: 0, country_codes: ['US'] };

/** The statuses of `count` institution reads as `as` (0 for a dropped connection). */
async function statuses(sandbox: TestSandbox, count: number, as: 'default' | 'demo' = 'default'): Promise<number[]> {
  const seen: number[] = [];
  for (let index = 0; index < count; index++) {
    const outcome = await callFaulted(sandbox, 'institutionsGet', INSTITUTIONS, undefined, as);
    seen.push(outcome.dropped ? 0 : outcome.status);
  }
  return seen;
}

describeEngines('failures on demand: fault rules', (sandbox) => {
  afterEach(async () => {
    await sandbox().ok('sandboxFaultRuleRemove', {});
    await sandbox().ok('sandboxFaultRuleRemove', {}, 'demo');
  });

  it('creates, lists and removes rules, oldest first, with their counts', async () => {
    const { fault_rule: first } = await sandbox().ok('sandboxFaultRuleCreate', {
      operations: ['transferCreate'],
      fault: 'slow_body=2s; error=RATE_LIMIT_EXCEEDED',
      remaining: 1,
    });
    expect(first).toMatchObject({
      operations: ['transferCreate'],
      fault: 'error=RATE_LIMIT_EXCEEDED/RATE_LIMIT; slow_body=2000ms',
      probability: 1,
      seed: 0,
      remaining: 1,
      starts_at: null,
      ends_at: null,
      matched_count: 0,
      fault_count: 0,
      created_at: sandbox().clock.now().toISOString(),
    });
    const { fault_rule: second } = await sandbox().ok('sandboxFaultRuleCreate', {
      fault: 'latency=1ms',
      probability: 0.5,
      seed: 9,
      starts_at: '2026-11-02T10:00:00Z',
      ends_at: '2026-11-03T10:00:00Z',
    });
    expect(second).toMatchObject({
      operations: null,
      starts_at: '2026-11-02T10:00:00.000Z',
      ends_at: '2026-11-03T10:00:00.000Z',
    });
    const listed = await sandbox().ok('sandboxFaultRuleList', {});
    expect(listed.fault_rules.map((rule) => rule.fault_rule_id)).toEqual([first.fault_rule_id, second.fault_rule_id]);
    const removed = await sandbox().ok('sandboxFaultRuleRemove', { fault_rule_id: first.fault_rule_id });
    expect(removed.removed_fault_rule_ids).toEqual([first.fault_rule_id]);
    const again = await sandbox().ok('sandboxFaultRuleRemove', { fault_rule_id: first.fault_rule_id });
    expect(again.removed_fault_rule_ids).toEqual([]);
    expect((await sandbox().ok('sandboxFaultRuleList', {})).fault_rules.map((rule) => rule.fault_rule_id)).toEqual([
      second.fault_rule_id,
    ]);
  });

  it('faults with a 429 and Retry-After as often as remaining says, then lets requests through', async () => {
    const { fault_rule } = await sandbox().ok('sandboxFaultRuleCreate', {
      operations: ['institutionsGet'],
      fault: 'error=RATE_LIMIT_EXCEEDED',
      remaining: 2,
    });
    const first = await callFaulted(sandbox(), 'institutionsGet', INSTITUTIONS);
    expect(first).toMatchObject({ dropped: false, status: 429, body: { error_code: 'RATE_LIMIT' } });
    expect(first.dropped ? null : first.headers.get('retry-after')).toBe('1');
    expect(await statuses(sandbox(), 3)).toEqual([429, 200, 200]);
    const [listed] = (await sandbox().ok('sandboxFaultRuleList', {})).fault_rules;
    expect(listed).toMatchObject({
      fault_rule_id: fault_rule.fault_rule_id,
      remaining: 0,
      matched_count: 4,
      fault_count: 2,
    });
  });

  it("never affects another client's requests", async () => {
    await sandbox().ok('sandboxFaultRuleCreate', { fault: 'error=INTERNAL_SERVER_ERROR' }, 'demo');
    expect(await statuses(sandbox(), 3, 'default')).toEqual([200, 200, 200]);
    expect(await statuses(sandbox(), 2, 'demo')).toEqual([500, 500]);
    expect((await sandbox().ok('sandboxFaultRuleList', {})).fault_rules).toEqual([]);
    const [demoRule] = (await sandbox().ok('sandboxFaultRuleList', {}, 'demo')).fault_rules;
    const removed = await sandbox().ok('sandboxFaultRuleRemove', { fault_rule_id: demoRule?.fault_rule_id ?? '' });
    expect(removed.removed_fault_rule_ids).toEqual([]);
    expect((await sandbox().ok('sandboxFaultRuleList', {}, 'demo')).fault_rules).toHaveLength(1);
  });

  it('draws the same faults for the same seed, every time, as a function of the seed and n', async () => {
    const rule = { operations: ['institutionsGet'], fault: 'error=SERVICE_UNAVAILABLE', probability: 0.5, seed: 7 };
    const expected = Array.from({ length: 12 }, (_, index) => (faultsNth(0.5, 7, index + 1) ? 503 : 200));
    expect(expected).toContain(503);
    expect(expected).toContain(200);
    await sandbox().ok('sandboxFaultRuleCreate', rule);
    expect(await statuses(sandbox(), 12)).toEqual(expected);
    await sandbox().ok('sandboxFaultRuleRemove', {});
    await sandbox().ok('sandboxFaultRuleCreate', rule);
    expect(await statuses(sandbox(), 12)).toEqual(expected);
    await sandbox().ok('sandboxFaultRuleRemove', {});
    await sandbox().ok('sandboxFaultRuleCreate', { ...rule, seed: 8 });
    expect(await statuses(sandbox(), 12)).not.toEqual(expected);
  });

  it("applies only inside its window on the sandbox's clock", async () => {
    const now = sandbox().clock.now().getTime();
    await sandbox().ok('sandboxFaultRuleCreate', {
      fault: 'error=INTERNAL_SERVER_ERROR',
      starts_at: new Date(now + 60_000).toISOString(),
      ends_at: new Date(now + 120_000).toISOString(),
    });
    expect(await statuses(sandbox(), 1)).toEqual([200]);
    sandbox().clock.advance(60_000);
    expect(await statuses(sandbox(), 1)).toEqual([500]);
    sandbox().clock.advance(60_000);
    expect(await statuses(sandbox(), 1)).toEqual([200]);
    const [rule] = (await sandbox().ok('sandboxFaultRuleList', {})).fault_rules;
    expect(rule).toMatchObject({ matched_count: 1, fault_count: 1 });
  });

  it('never faults the fault rule operations, even with a rule for every operation', async () => {
    await sandbox().ok('sandboxFaultRuleCreate', { fault: 'drop=before' });
    expect(await statuses(sandbox(), 1)).toEqual([0]);
    expect((await sandbox().ok('sandboxFaultRuleList', {})).fault_rules).toHaveLength(1);
    await sandbox().ok('sandboxFaultRuleCreate', { fault: 'error=INTERNAL_SERVER_ERROR' });
    expect((await sandbox().ok('sandboxFaultRuleRemove', {})).removed_fault_rule_ids).toHaveLength(2);
    expect(await statuses(sandbox(), 1)).toEqual([200]);
  });

  it('lets the header win over the rules, which then do not count the request', async () => {
    await sandbox().ok('sandboxFaultRuleCreate', { fault: 'error=INTERNAL_SERVER_ERROR' });
    const outcome = await callFaulted(sandbox(), 'institutionsGet', INSTITUTIONS, 'error=SERVICE_UNAVAILABLE');
    expect(outcome).toMatchObject({ dropped: false, status: 503 });
    const [rule] = (await sandbox().ok('sandboxFaultRuleList', {})).fault_rules;
    expect(rule).toMatchObject({ matched_count: 0, fault_count: 0 });
  });

  it('tries the rules oldest first; a later rule does not count what an earlier one faulted', async () => {
    await sandbox().ok('sandboxFaultRuleCreate', { fault: 'error=SERVICE_UNAVAILABLE', remaining: 1 });
    await sandbox().ok('sandboxFaultRuleCreate', { fault: 'error=INTERNAL_SERVER_ERROR', remaining: 1 });
    expect(await statuses(sandbox(), 3)).toEqual([503, 500, 200]);
    const rules = (await sandbox().ok('sandboxFaultRuleList', {})).fault_rules;
    expect(rules.map((rule) => [rule.matched_count, rule.fault_count])).toEqual([
      [3, 1],
      [2, 1],
    ]);
  });

  it.each([
    [{ fault: 'timeout=1s' }, 'fault', 'fault has an unknown directive "timeout"'],
    [{ fault: 'error=NOPE' }, 'fault', 'fault gives error NOPE'],
    [
      { fault: 'latency=1ms', operations: ['transferCreat'] },
      'operations[0]',
      'operations[0] is transferCreat, which is not an operationId',
    ],
    [
      { fault: 'latency=1ms', operations: ['transferCreate', 'sandboxFaultRuleList'] },
      'operations[1]',
      'never fault the fault rule operations',
    ],
    [
      { fault: 'latency=1ms', starts_at: '2026-11-02T11:00:00Z', ends_at: '2026-11-02T10:00:00Z' },
      'ends_at',
      'ends_at is 2026-11-02T10:00:00.000Z, which is not after starts_at',
    ],
    [{ fault: 'latency=1ms', remaining: 2147483648 }, 'remaining', 'remaining'],
    [{ fault: 'latency=1ms', remaining: 1e300 }, 'remaining', 'remaining'],
  ])('refuses the rule %j with INVALID_FIELD naming %s', async (body, field, message) => {
    const reply = await sandbox().fail('sandboxFaultRuleCreate', body);
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      error_type: 'INVALID_REQUEST',
      error_code: 'INVALID_FIELD',
      causes: [{ field }],
    });
    expect(reply.body.error_message).toContain(message);
    expect((await sandbox().ok('sandboxFaultRuleList', {})).fault_rules).toEqual([]);
  });
});

describe('fault rules across two instances on one PostgreSQL database', () => {
  it('draws one sequence: the n-th request faults the same whichever instance serves it', async () => {
    const url = await createTestDatabase(inject('pgAdminUrl'));
    const a = await startTestSandbox('postgres', { store: { kind: 'postgres', url } });
    const b = await startTestSandbox('postgres', { store: { kind: 'postgres', url } });
    try {
      await a.ok('sandboxFaultRuleCreate', {
        operations: ['institutionsGet'],
        fault: 'error=SERVICE_UNAVAILABLE',
        probability: 0.5,
        seed: 11,
      });
      const expected = Array.from({ length: 10 }, (_, index) => (faultsNth(0.5, 11, index + 1) ? 503 : 200));
      const seen: number[] = [];
      for (let index = 0; index < 10; index++) {
        seen.push(...(await statuses(index % 2 === 0 ? a : b, 1)));
      }
      expect(seen).toEqual(expected);
      const [rule] = (await b.ok('sandboxFaultRuleList', {})).fault_rules;
      expect(rule).toMatchObject({
        matched_count: 10,
        fault_count: expected.filter((status) => status === 503).length,
      });
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });

  it('applies a rule made on one instance to the next read and write on the other, before anything of the write commits', async () => {
    const url = await createTestDatabase(inject('pgAdminUrl'));
    const a = await startTestSandbox('postgres', { store: { kind: 'postgres', url } });
    const b = await startTestSandbox('postgres', { store: { kind: 'postgres', url } });
    try {
      const item = await newItem(a);
      const request = authorizationRequest(item);
      const { authorization } = await b.ok('transferAuthorizationCreate', request);
      const create = transferRequest(request, authorization.id, 'fault-rule-two-instances');
      // Warm: b has read the Item and its rules (none) before the rule exists.
      expect((await callFaulted(b, 'authGet', { access_token: item.accessToken })).dropped).toBe(false);
      await a.ok('sandboxFaultRuleCreate', {
        operations: ['authGet', 'transferCreate', 'transferAuthorizationCreate'],
        fault: 'error=SERVICE_UNAVAILABLE',
      });
      for (const [operation, body] of [
        ['authGet', { access_token: item.accessToken }],
        ['transferCreate', create],
        ['transferAuthorizationCreate', request],
      ] as const) {
        const outcome = await callFaulted(b, operation, body);
        expect(outcome, operation).toMatchObject({ dropped: false, status: 503 });
      }
      const db = b.sandbox.store.db;
      expect(
        await db
          .selectFrom('transfers')
          .select('transfer_id')
          .where('authorization_id', '=', authorization.id)
          .execute(),
      ).toEqual([]);
      expect(
        await db
          .selectFrom('transfer_authorizations')
          .select('transfer_id')
          .where('authorization_id', '=', authorization.id)
          .executeTakeFirst(),
      ).toEqual({ transfer_id: null });
      expect(
        await db
          .selectFrom('transfer_authorizations')
          .select('authorization_id')
          .where('item_id', '=', item.itemId)
          .execute(),
      ).toHaveLength(1);
      expect(
        await db
          .selectFrom('idempotency_keys')
          .select('idempotency_key')
          .where('idempotency_key', '=', create.idempotency_key)
          .execute(),
      ).toEqual([]);
      // Removed on b, the next requests on a go through, and the retried create makes the transfer once.
      await b.ok('sandboxFaultRuleRemove', {});
      await a.ok('authGet', { access_token: item.accessToken });
      const { transfer } = await a.ok('transferCreate', create);
      expect((await b.ok('transferCreate', create)).transfer.id).toBe(transfer.id);
      const [rule] = (await a.ok('sandboxFaultRuleList', {})).fault_rules;
      expect(rule).toBeUndefined();
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
  });
});

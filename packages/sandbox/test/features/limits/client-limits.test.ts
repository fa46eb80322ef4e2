/**
 * Per-client caps on both engines: a client holds at most CLIENT_LIMITS.faultRules fault rules
 * and CLIENT_LIMITS.items live Items; one more is a 400 SANDBOX_ERROR /
 * SANDBOX_CLIENT_LIMIT_REACHED naming the cap, another client is not affected, and removing
 * one frees room.
 */
import { expect, it } from 'vitest';
import { CLIENT_LIMITS } from '../../../src/engine/errors/client-limits.js';
import { DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines, type TestSandbox } from '../../support/harness.js';

/** Runs `count` calls of `call`, `width` at a time. */
async function inBatches(count: number, width: number, call: (index: number) => Promise<unknown>): Promise<void> {
  for (let start = 0; start < count; start += width) {
    await Promise.all(Array.from({ length: Math.min(width, count - start) }, (_, offset) => call(start + offset)));
  }
}

function expectLimit(reply: Awaited<ReturnType<TestSandbox['fail']>>, what: RegExp): void {
  expect(reply.status).toBe(400);
  expect(reply.body).toMatchObject({ error_type: 'SANDBOX_ERROR', error_code: 'SANDBOX_CLIENT_LIMIT_REACHED' });
  expect(reply.body.error_message).toMatch(what);
}

describeEngines('per-client caps', (sandbox) => {
  it(`refuses a fault rule past ${CLIENT_LIMITS.faultRules}, for that client only, until one is removed`, async () => {
    const rule = { fault: 'latency=1ms', operations: ['institutionsGet'] };
    await inBatches(CLIENT_LIMITS.faultRules, 10, () => sandbox().ok('sandboxFaultRuleCreate', rule));
    expectLimit(await sandbox().fail('sandboxFaultRuleCreate', rule), /already has 100 fault rules/);
    await sandbox().ok('sandboxFaultRuleCreate', rule, 'demo');
    const { fault_rules } = await sandbox().ok('sandboxFaultRuleList', {});
    expect(fault_rules).toHaveLength(CLIENT_LIMITS.faultRules);
    await sandbox().ok('sandboxFaultRuleRemove', { fault_rule_id: fault_rules[0]?.fault_rule_id });
    await sandbox().ok('sandboxFaultRuleCreate', rule);
    await sandbox().ok('sandboxFaultRuleRemove', {});
    await sandbox().ok('sandboxFaultRuleRemove', {}, 'demo');
  });

  it(`refuses an Item past ${CLIENT_LIMITS.items} live ones, for that client only, until one is removed`, async () => {
    const create = { institution_id: 'ins_109508', initial_products: ['auth'] as ['auth'] };
    const { count } = await sandbox()
      .sandbox.store.db.selectFrom('items')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('client_id', '=', DEFAULT_CLIENT.clientId)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    await inBatches(CLIENT_LIMITS.items - Number(count) - 1, 10, () =>
      sandbox().ok('sandboxPublicTokenCreate', create),
    );
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', create);
    const { access_token } = await sandbox().ok('itemPublicTokenExchange', { public_token });
    expectLimit(await sandbox().fail('sandboxPublicTokenCreate', create), /already has 500 live Items/);
    expectLimit(await sandbox().fail('sandboxProcessorTokenCreate', { institution_id: 'ins_109508' }), /live Items/);
    await sandbox().ok('sandboxPublicTokenCreate', create, 'demo');
    await sandbox().ok('itemRemove', { access_token });
    await sandbox().ok('sandboxPublicTokenCreate', create);
  });
});

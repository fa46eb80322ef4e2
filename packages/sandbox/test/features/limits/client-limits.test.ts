/**
 * Per-client caps on both engines: a client holds at most CLIENT_LIMITS.faultRules fault rules
 * and CLIENT_LIMITS.items live Items; one more is a 400 SANDBOX_ERROR /
 * SANDBOX_CLIENT_LIMIT_REACHED naming the cap, another client is not affected, and removing
 * one frees room. The Item cap holds against concurrent creates (it is counted in the
 * transaction that inserts) and on every path that makes an Item.
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
  const create = { institution_id: 'ins_109508', initial_products: ['auth'] as ['auth'] };

  /** The default client's live Items. */
  async function liveItems(): Promise<number> {
    const { count } = await sandbox()
      .sandbox.store.db.selectFrom('items')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('client_id', '=', DEFAULT_CLIENT.clientId)
      .where('removed_at', 'is', null)
      .executeTakeFirstOrThrow();
    return Number(count);
  }

  /** Resets the sandbox and creates Items for the default client until it has `count` live ones. */
  async function itemsUpTo(count: number): Promise<void> {
    await sandbox().sandbox.reset();
    await inBatches(count - (await liveItems()), 10, () => sandbox().ok('sandboxPublicTokenCreate', create));
    expect(await liveItems()).toBe(count);
  }

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
    await itemsUpTo(CLIENT_LIMITS.items - 1);
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', create);
    const { access_token } = await sandbox().ok('itemPublicTokenExchange', { public_token });
    expectLimit(await sandbox().fail('sandboxPublicTokenCreate', create), /already has 500 live Items/);
    expectLimit(await sandbox().fail('sandboxProcessorTokenCreate', { institution_id: 'ins_109508' }), /live Items/);
    await sandbox().ok('sandboxPublicTokenCreate', create, 'demo');
    await sandbox().ok('itemRemove', { access_token });
    await sandbox().ok('sandboxPublicTokenCreate', create);
  });

  it('gives the last place to one of several concurrent creates: the cap is counted where the Item is inserted', async () => {
    await itemsUpTo(CLIENT_LIMITS.items - 1);
    const replies = await Promise.all(
      Array.from({ length: 6 }, () => sandbox().call('sandboxPublicTokenCreate', create)),
    );
    expect(replies.map((reply) => reply.status).sort()).toEqual([200, 400, 400, 400, 400, 400]);
    for (const reply of replies.filter((each) => each.status === 400)) {
      expectLimit(reply as Awaited<ReturnType<TestSandbox['fail']>>, /already has 500 live Items/);
    }
    expect(await liveItems()).toBe(CLIENT_LIMITS.items);
  });

  it('refuses a bank-transfer-only Item (/bank_transfer/migrate_account) at the cap too', async () => {
    const migrate = {
      account_number: '1111222233330000',
      routing_number: '011401533',
      account_type: 'checking',
    } as const;
    await itemsUpTo(CLIENT_LIMITS.items - 1);
    await sandbox().ok('bankTransferMigrateAccount', migrate);
    expectLimit(await sandbox().fail('bankTransferMigrateAccount', migrate), /already has 500 live Items/);
    const replies = await Promise.all(
      Array.from({ length: 4 }, () => sandbox().call('bankTransferMigrateAccount', migrate)),
    );
    expect(replies.map((reply) => reply.status)).toEqual([400, 400, 400, 400]);
    expect(await liveItems()).toBe(CLIENT_LIMITS.items);
  });
});

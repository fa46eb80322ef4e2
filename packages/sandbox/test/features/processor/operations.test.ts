import { expect, it } from 'vitest';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';

const [CHECKING, , CREDIT_CARD] = CANONICAL_ACCOUNT_IDS as unknown as string[];
const processor_token = CANONICAL_ITEM.processorToken;

describeEngines('processor reads', (sandbox) => {
  async function tokenFor(account_id: string) {
    const reply = await sandbox().ok('processorTokenCreate', {
      access_token: CANONICAL_ITEM.accessToken,
      account_id,
      processor: 'acme_payments',
    });
    return reply.processor_token;
  }

  it('auth: the account behind the token and its numbers, this account only', async () => {
    const reply = await sandbox().ok('processorAuthGet', { processor_token });
    expect(reply.account).toMatchObject({
      account_id: CHECKING,
      mask: '0000',
      type: 'depository',
      subtype: 'checking',
    });
    expect(reply.numbers).toEqual({
      ach: [{ account: '1111222233330000', account_id: CHECKING, routing: '011401533', wire_routing: '021000021' }],
      eft: [],
      international: [],
      bacs: [],
    });
  });

  it('auth: a token for an account other than checking or savings is ACCOUNT_NOT_SUPPORTED', async () => {
    const reply = await sandbox().fail('processorAuthGet', { processor_token: await tokenFor(CREDIT_CARD as string) });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'ACCOUNT_NOT_SUPPORTED' });
    expect(reply.body.error_message).toContain('credit card');
  });

  it('identity: the account behind the token with its owners', async () => {
    const reply = await sandbox().ok('processorIdentityGet', { processor_token });
    expect(reply.account.account_id).toBe(CHECKING);
    expect(reply.account.owners[0]?.names).toEqual(['Alberta Bobbeth Charleson']);
    expect(reply.account.owners[0]?.emails).toEqual([
      { data: 'accountholder0@example.com', primary: true, type: 'primary' },
    ]);
  });

  it('balance: read at the time of the call, so it reflects every committed change (rule 6)', async () => {
    const token = await tokenFor(CHECKING as string);
    const before = await sandbox().ok('processorBalanceGet', { processor_token: token });
    expect(before.account.balances).toMatchObject({ available: 100, current: 110 });
    const db = sandbox().sandbox.store.db;
    await db
      .updateTable('accounts')
      .set({ available: 42.5, current: 52.5 })
      .where('account_id', '=', CHECKING as string)
      .execute();
    try {
      const after = await sandbox().ok('processorBalanceGet', { processor_token: token });
      expect(after.account.balances).toMatchObject({ available: 42.5, current: 52.5 });
    } finally {
      await db
        .updateTable('accounts')
        .set({ available: 100, current: 110 })
        .where('account_id', '=', CHECKING as string)
        .execute();
    }
  });

  it('balance: min_last_updated_datetime up to the time of the call is met; a later one is LAST_UPDATED_DATETIME_OUT_OF_RANGE', async () => {
    const now = sandbox().clock.now();
    for (const at of [new Date(now.getTime() - 86_400_000), now]) {
      await sandbox().ok('processorBalanceGet', {
        processor_token,
        options: { min_last_updated_datetime: at.toISOString() },
      });
    }
    const later = new Date(now.getTime() + 1000).toISOString();
    const reply = await sandbox().fail('processorBalanceGet', {
      processor_token,
      options: { min_last_updated_datetime: later },
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({
      error_type: 'INSTITUTION_ERROR',
      error_code: 'LAST_UPDATED_DATETIME_OUT_OF_RANGE',
    });
    expect(reply.body.error_message).toContain(later);
    const malformed = await sandbox().fail('processorBalanceGet', {
      processor_token,
      options: { min_last_updated_datetime: '2026-11-20' },
    });
    expect(malformed.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
  });

  it('a login-reset Item answers ITEM_LOGIN_REQUIRED behind its processor token', async () => {
    const { processor_token: token } = await sandbox().ok('sandboxProcessorTokenCreate', {
      institution_id: 'ins_109508',
      options: { override_username: 'user_login_reset' },
    });
    for (const operation of ['processorAuthGet', 'processorIdentityGet', 'processorBalanceGet'] as const) {
      const reply = await sandbox().fail(operation, { processor_token: token });
      expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' });
    }
  });

  it('behind an Item migrated for bank transfers only: balance, auth and identity are PRODUCTS_NOT_SUPPORTED', async () => {
    const migrated = await sandbox().ok('bankTransferMigrateAccount', {
      account_number: '987654321001',
      routing_number: '011401533',
      account_type: 'savings',
    });
    const { processor_token: token } = await sandbox().ok('processorTokenCreate', {
      access_token: migrated.access_token,
      account_id: migrated.account_id,
      processor: 'acme_payments',
    });
    for (const operation of ['processorAuthGet', 'processorIdentityGet', 'processorBalanceGet'] as const) {
      const reply = await sandbox().fail(operation, { processor_token: token });
      expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'PRODUCTS_NOT_SUPPORTED' });
    }
  });

  it('an unknown token or another client is INVALID_PROCESSOR_TOKEN', async () => {
    const unknown = await sandbox().fail('processorAuthGet', { processor_token: 'processor-sandbox-nope' });
    const demo = await sandbox().fail('processorBalanceGet', { processor_token }, 'demo');
    for (const reply of [unknown, demo]) {
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PROCESSOR_TOKEN' });
    }
  });
});

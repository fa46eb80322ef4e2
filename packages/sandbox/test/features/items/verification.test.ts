import { expect, it } from 'vitest';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';

const [CHECKING, SAVINGS] = CANONICAL_ACCOUNT_IDS;

describeEngines('sandbox verification status', (sandbox) => {
  function statusOf(accountId: string) {
    return sandbox()
      .sandbox.store.db.selectFrom('accounts')
      .select('verification_status')
      .where('account_id', '=', accountId)
      .executeTakeFirstOrThrow();
  }

  /** A micro-deposits Item (user_good / microdeposits_good) and its accounts. */
  async function microDepositsItem() {
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
      options: { override_username: 'user_good', override_password: 'microdeposits_good' },
    });
    const { access_token, item_id } = await sandbox().ok('itemPublicTokenExchange', { public_token });
    const accounts = await sandbox()
      .sandbox.store.db.selectFrom('accounts')
      .select('account_id')
      .where('item_id', '=', item_id)
      .orderBy('position')
      .execute();
    return { access_token, accountIds: accounts.map((account) => account.account_id) };
  }

  it('sets the status of the canonical checking account (enabled for micro-deposit verification) to either value', async () => {
    for (const verification_status of ['automatically_verified', 'verification_expired'] as const) {
      await sandbox().ok('sandboxItemSetVerificationStatus', {
        access_token: CANONICAL_ITEM.accessToken,
        account_id: CHECKING ?? '',
        verification_status,
      });
      expect((await statusOf(CHECKING ?? '')).verification_status).toBe(verification_status);
    }
  });

  it('sets the status of every account of a micro-deposits Item', async () => {
    const item = await microDepositsItem();
    expect(item.accountIds).toHaveLength(2);
    for (const account_id of item.accountIds) {
      await sandbox().ok('sandboxItemSetVerificationStatus', {
        access_token: item.access_token,
        account_id,
        verification_status: 'automatically_verified',
      });
      expect((await statusOf(account_id)).verification_status).toBe('automatically_verified');
    }
  });

  it('refuses an account not enabled for micro-deposit verification and leaves it unchanged', async () => {
    const reply = await sandbox().fail('sandboxItemSetVerificationStatus', {
      access_token: CANONICAL_ITEM.accessToken,
      account_id: SAVINGS ?? '',
      verification_status: 'automatically_verified',
    });
    expect(reply.body).toMatchObject({ error_type: 'SANDBOX_ERROR', error_code: 'MICRO_DEPOSITS_NOT_ENABLED' });
    expect(reply.body.error_message).toBe(`account_id ${SAVINGS} is not enabled for micro-deposit verification`);
    expect((await statusOf(SAVINGS ?? '')).verification_status).toBeNull();
  });

  it('refuses an account of another Item with INVALID_ACCOUNT_ID', async () => {
    const item = await microDepositsItem();
    const reply = await sandbox().fail('sandboxItemSetVerificationStatus', {
      access_token: CANONICAL_ITEM.accessToken,
      account_id: item.accountIds[0] ?? '',
      verification_status: 'automatically_verified',
    });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCOUNT_ID' });
  });

  it('refuses another client’s token and a status that is not one of the two values', async () => {
    const token = await sandbox().fail(
      'sandboxItemSetVerificationStatus',
      {
        access_token: CANONICAL_ITEM.accessToken,
        account_id: CHECKING ?? '',
        verification_status: 'automatically_verified',
      },
      'demo',
    );
    expect(token.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
    const status = await sandbox().fail('sandboxItemSetVerificationStatus', {
      access_token: CANONICAL_ITEM.accessToken,
      account_id: CHECKING,
      verification_status: 'manually_verified',
    });
    expect(status.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
  });
});

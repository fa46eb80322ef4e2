/**
 * A code reads the same whichever operation answers it: the errors about accounts of an Item are
 * worded in one place (src/features/items/errors.ts), so each operation's message differs only
 * in what it names.
 */
import { expect, it } from 'vitest';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import {
  authorizationRequest,
  bankTransferRequest,
  CANONICAL,
  newItem,
  newKey,
} from '../../support/transfer-fixtures.js';

const CREDIT_CARD = CANONICAL_ACCOUNT_IDS[2] ?? '';
const access_token = CANONICAL_ITEM.accessToken;

describeEngines('error wording per code', (sandbox) => {
  it('INVALID_ACCOUNT_ID: one wording for an account of another Item, in every operation', async () => {
    const other = (await newItem(sandbox())).accounts[0]?.account_id ?? '';
    const replies = [
      await sandbox().fail('processorTokenCreate', { access_token, account_id: other, processor: 'acme_payments' }),
      await sandbox().fail('processorPartnerAProcessorTokenCreate', { access_token, account_id: other }),
      await sandbox().fail('transferAuthorizationCreate', authorizationRequest(CANONICAL, { account_id: other })),
      await sandbox().fail('signalEvaluate', {
        access_token,
        account_id: other ?? '',
        client_transaction_id: 'x',
        amount: 1,
      }),
    ];
    for (const reply of replies) {
      expect(reply.body).toMatchObject({
        error_type: 'INVALID_INPUT',
        error_code: 'INVALID_ACCOUNT_ID',
        error_message: `account_id is not an account of this item: ${other}`,
      });
    }
    const listed = await sandbox().fail('authGet', { access_token, options: { account_ids: [other] } });
    expect(listed.body.error_message).toBe(`options.account_ids has ids that are not accounts of this item: ${other}`);
    expect(new Set([...replies, listed].map((reply) => reply.body.suggested_action)).size).toBe(1);
  });

  it('ACCOUNT_NOT_SUPPORTED: one wording for a credit card account, in every operation', async () => {
    const { processor_token } = await sandbox().ok('processorTokenCreate', {
      access_token,
      account_id: CREDIT_CARD,
      processor: 'acme_payments',
    });
    const { access_token: _token, account_id: _account, ...bankTransfer } = bankTransferRequest(CANONICAL, newKey());
    const replies = [
      await sandbox().fail('processorAuthGet', { processor_token }),
      await sandbox().fail('processorPartnerAProcessorTokenCreate', { access_token, account_id: CREDIT_CARD }),
      await sandbox().fail('signalEvaluate', {
        access_token,
        account_id: CREDIT_CARD,
        client_transaction_id: 'x',
        amount: 1,
      }),
      await sandbox().fail('processorBankTransferCreate', { ...bankTransfer, processor_token }),
    ];
    for (const reply of replies) {
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'ACCOUNT_NOT_SUPPORTED' });
      expect(reply.body.error_message).toMatch(
        /^(account_id \S+|the account behind processor_token) is a credit card account; .+ checking and savings accounts only$/,
      );
    }
    expect(new Set(replies.map((reply) => reply.body.suggested_action)).size).toBe(1);
  });

  it("ITEM_LOGIN_REQUIRED: an Item's embedded error reads as the error its reads answer", async () => {
    const login = await newItem(sandbox(), { username: 'user_login_reset', password: 'pass_good' });
    const refused = await sandbox().fail('authGet', { access_token: login.accessToken });
    const { item } = await sandbox().ok('itemWebhookUpdate', {
      access_token: login.accessToken,
      webhook: 'https://www.example.com/hook',
    });
    const { request_id: _requestId, ...answered } = refused.body;
    expect(item.error).toEqual(answered);
  });
});

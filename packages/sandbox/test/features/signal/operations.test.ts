import { expect, it } from 'vitest';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';

const [CHECKING, SAVINGS, CREDIT_CARD, STUDENT_LOAN] = CANONICAL_ACCOUNT_IDS;
const ACCESS_TOKEN = CANONICAL_ITEM.accessToken;

describeEngines('signal', (sandbox) => {
  /** The stored evaluation of a transaction id of the default client. */
  function stored(clientTransactionId: string) {
    return sandbox()
      .sandbox.store.db.selectFrom('signal_evaluations')
      .selectAll()
      .where('client_transaction_id', '=', clientTransactionId)
      .execute();
  }

  function evaluate(client_transaction_id: string, amount: number, extra: Record<string, unknown> = {}) {
    return sandbox().ok('signalEvaluate', {
      access_token: ACCESS_TOKEN,
      account_id: CHECKING ?? '',
      client_transaction_id,
      amount,
      ...extra,
    });
  }

  it('scores a debit from a checking or savings account with scores 1..99 in their tiers', async () => {
    for (const [index, account_id] of [CHECKING, SAVINGS].entries()) {
      const result = await sandbox().ok('signalEvaluate', {
        access_token: ACCESS_TOKEN,
        account_id: account_id ?? '',
        client_transaction_id: `tx-${index}`,
        amount: 25,
      });
      for (const risk of Object.values(result.scores)) {
        expect(risk.score).toBeGreaterThanOrEqual(1);
        expect(risk.score).toBeLessThanOrEqual(99);
        expect(risk.risk_tier).toBe(Math.min(5, Math.floor((risk.score - 1) / 20) + 1));
      }
      expect(result.core_attributes.is_savings_or_money_market_account).toBe(account_id === SAVINGS);
    }
  });

  it('scores deterministically: the same inputs give the same scores; a larger debit a higher bank risk', async () => {
    const once = await evaluate('det-1', 40, { user_present: true });
    const again = await evaluate('det-2', 40, { user_present: true });
    expect(again.scores).toEqual(once.scores);
    expect(again.core_attributes).toEqual(once.core_attributes);
    const larger = await evaluate('det-3', 150, { user_present: true });
    expect(larger.scores.bank_initiated_return_risk.score).toBeGreaterThan(
      once.scores.bank_initiated_return_risk.score,
    );
    expect(larger.scores.bank_initiated_return_risk.risk_tier).toBeGreaterThanOrEqual(4);
  });

  it('evaluating the same client_transaction_id again replaces the evaluation (and the return reported for it)', async () => {
    await evaluate('again-1', 10);
    await sandbox().ok('signalReturnReport', { client_transaction_id: 'again-1', return_code: 'R01' });
    const second = await evaluate('again-1', 90);
    const rows = await stored('again-1');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ amount: 90, return_code: null, returned_at: null });
    expect(JSON.parse(rows[0]?.result ?? '{}')).toEqual({
      scores: second.scores,
      core_attributes: second.core_attributes,
    });
  });

  it('keeps one evaluation when the same client_transaction_id is evaluated twice at once', async () => {
    await Promise.all([evaluate('race-1', 10), evaluate('race-1', 20)]);
    expect(await stored('race-1')).toHaveLength(1);
  });

  it.each([
    { name: 'a credit card', account: CREDIT_CARD, kind: 'credit card' },
    { name: 'a student loan', account: STUDENT_LOAN, kind: 'student loan' },
  ])('refuses $name account with ACCOUNT_NOT_SUPPORTED', async ({ account, kind }) => {
    const reply = await sandbox().fail('signalEvaluate', {
      access_token: ACCESS_TOKEN,
      account_id: account ?? '',
      client_transaction_id: 'unsupported',
      amount: 10,
    });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'ACCOUNT_NOT_SUPPORTED' });
    expect(reply.body.error_message).toBe(
      `account_id ${account} is a ${kind} account; signal evaluates ACH debits from checking and savings accounts only`,
    );
  });

  it('refuses an account of another Item with INVALID_ACCOUNT_ID', async () => {
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
    });
    const { access_token } = await sandbox().ok('itemPublicTokenExchange', { public_token });
    const reply = await sandbox().fail('signalEvaluate', {
      access_token,
      account_id: CHECKING ?? '',
      client_transaction_id: 'other-item',
      amount: 10,
    });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCOUNT_ID' });
  });

  it('refuses an Item migrated for bank transfers only with PRODUCTS_NOT_SUPPORTED', async () => {
    const migrated = await sandbox().ok('bankTransferMigrateAccount', {
      account_number: '987654321002',
      routing_number: '011401533',
      account_type: 'checking',
    });
    const reply = await sandbox().fail('signalEvaluate', {
      access_token: migrated.access_token,
      account_id: migrated.account_id,
      client_transaction_id: 'migrated',
      amount: 10,
    });
    expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'PRODUCTS_NOT_SUPPORTED' });
  });

  it('refuses an Item whose login was reset with ITEM_LOGIN_REQUIRED', async () => {
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products: ['auth'],
      options: { override_username: 'user_login_reset' },
    });
    const { access_token, item_id } = await sandbox().ok('itemPublicTokenExchange', { public_token });
    const account = await sandbox()
      .sandbox.store.db.selectFrom('accounts')
      .select('account_id')
      .where('item_id', '=', item_id)
      .where('subtype', '=', 'checking')
      .executeTakeFirstOrThrow();
    const reply = await sandbox().fail('signalEvaluate', {
      access_token,
      account_id: account.account_id,
      client_transaction_id: 'login',
      amount: 10,
    });
    expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' });
  });

  it.each([
    { name: 'an amount of 0', body: { amount: 0 } },
    { name: 'a negative amount', body: { amount: -5 } },
    { name: 'more than two decimal places', body: { amount: 10.005 } },
    { name: 'a client_transaction_id of 37 characters', body: { client_transaction_id: 'x'.repeat(37) } },
    { name: 'an empty client_transaction_id', body: { client_transaction_id: '' } },
  ])('refuses $name with INVALID_FIELD', async ({ body }) => {
    const reply = await sandbox().fail('signalEvaluate', {
      access_token: ACCESS_TOKEN,
      account_id: CHECKING,
      client_transaction_id: 'fields',
      amount: 10,
      ...body,
    });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
  });

  it('records a return for an evaluated debit; reporting again replaces the code', async () => {
    await evaluate('returned-1', 30);
    await sandbox().ok('signalReturnReport', { client_transaction_id: 'returned-1', return_code: 'R01' });
    expect((await stored('returned-1'))[0]?.return_code).toBe('R01');
    await sandbox().ok('signalReturnReport', { client_transaction_id: 'returned-1', return_code: 'R10' });
    expect((await stored('returned-1'))[0]?.return_code).toBe('R10');
  });

  it('refuses a return for a client_transaction_id never evaluated, or evaluated by another client', async () => {
    await evaluate('mine-only', 30);
    for (const [id, as] of [
      ['never-evaluated', 'default'],
      ['mine-only', 'demo'],
    ] as const) {
      const reply = await sandbox().fail('signalReturnReport', { client_transaction_id: id, return_code: 'R01' }, as);
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'CLIENT_TRANSACTION_ID_NOT_FOUND' });
      expect(reply.body.error_message).toBe(`client_transaction_id ${id} was never evaluated with /signal/evaluate`);
    }
    expect((await stored('mine-only'))[0]?.return_code).toBeNull();
  });

  it.each([
    { code: 'R1', message: undefined },
    { code: 'X01', message: undefined },
    { code: 'R00', message: 'return_code R00 is not an assigned ACH return code' },
    { code: 'R54', message: 'return_code R54 is not an assigned ACH return code' },
    { code: 'R99', message: 'return_code R99 is not an assigned ACH return code' },
  ])('refuses return code $code with INVALID_FIELD', async ({ code, message }) => {
    await evaluate('codes', 30);
    const reply = await sandbox().fail('signalReturnReport', { client_transaction_id: 'codes', return_code: code });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    if (message) {
      expect(reply.body.error_message).toBe(message);
    }
    expect((await stored('codes'))[0]?.return_code).toBeNull();
  });
});

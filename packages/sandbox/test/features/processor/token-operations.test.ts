import { expect, it } from 'vitest';
import { SANDBOX_PROCESSORS } from '../../../src/features/processor/partners.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import { exchangedItem } from '../../support/items.js';
import { rowCount } from '../../support/row-count.js';

const [CHECKING, SAVINGS, CREDIT_CARD, STUDENT_LOAN] = CANONICAL_ACCOUNT_IDS as unknown as string[];
const access_token = CANONICAL_ITEM.accessToken;

describeEngines('partner tokens', (sandbox) => {
  async function newItem() {
    const exchanged = await exchangedItem(sandbox(), ['auth']);
    const { accounts } = await sandbox().ok('authGet', { access_token: exchanged.access_token });
    return { ...exchanged, checking: accounts[0]?.account_id as string };
  }

  it('processor token: the form processor-sandbox-<identifier> (rule 7), a new token on every call', async () => {
    const body = { access_token, account_id: CHECKING as string, processor: 'acme_payments' };
    const first = await sandbox().ok('processorTokenCreate', body);
    const second = await sandbox().ok('processorTokenCreate', body);
    expect(first.processor_token).toMatch(/^processor-sandbox-[0-9a-f-]{36}$/);
    expect(second.processor_token).not.toBe(first.processor_token);
    const row = await sandbox()
      .sandbox.store.db.selectFrom('tokens')
      .selectAll()
      .where('token', '=', first.processor_token)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'processor', item_id: CANONICAL_ITEM.itemId, account_id: CHECKING });
    for (const token of [first.processor_token, second.processor_token]) {
      await sandbox().ok('processorBalanceGet', { processor_token: token });
    }
  });

  it('processor token: each of the 22 sandbox partners is accepted, for any account of the Item', async () => {
    for (const [index, processor] of SANDBOX_PROCESSORS.entries()) {
      const account_id = CANONICAL_ACCOUNT_IDS[index % CANONICAL_ACCOUNT_IDS.length] as string;
      await sandbox().ok('processorTokenCreate', { access_token, account_id, processor });
    }
  });

  it('processor token: an unknown partner is INVALID_PROCESSOR naming it; a malformed one INVALID_FIELD', async () => {
    const unknown = await sandbox().fail('processorTokenCreate', {
      access_token,
      account_id: CHECKING,
      processor: 'acme_paymnts',
    });
    expect(unknown.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PROCESSOR' });
    expect(unknown.body.error_message).toContain('acme_paymnts');
    const malformed = await sandbox().fail('processorTokenCreate', {
      access_token,
      account_id: CHECKING,
      processor: 'Acme Payments',
    });
    expect(malformed.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
  });

  it.each([
    ['processorTokenCreate', { processor: 'acme_payments' }],
    ['processorPartnerAProcessorTokenCreate', {}],
    ['processorPartnerBBankAccountTokenCreate', {}],
  ] as const)('%s: an account of another Item is INVALID_ACCOUNT_ID naming it', async (operation, extra) => {
    const other = await newItem();
    const reply = await sandbox().fail(operation, { access_token, account_id: other.checking, ...extra });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCOUNT_ID' });
    expect(reply.body.error_message).toContain(other.checking);
  });

  it.each([
    ['processorTokenCreate', { processor: 'acme_payments' }],
    ['processorPartnerAProcessorTokenCreate', {}],
    ['processorPartnerBBankAccountTokenCreate', {}],
  ] as const)('%s: a removed Item or another client is INVALID_ACCESS_TOKEN', async (operation, extra) => {
    const item = await newItem();
    await sandbox().ok('itemRemove', { access_token: item.access_token });
    const removed = await sandbox().fail(operation, {
      access_token: item.access_token,
      account_id: item.checking,
      ...extra,
    });
    const demo = await sandbox().fail(operation, { access_token, account_id: CHECKING, ...extra }, 'demo');
    for (const reply of [removed, demo]) {
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
    }
  });

  it('partner A: a processor token for checking or savings accounts, usable with the processor operations', async () => {
    for (const account_id of [CHECKING, SAVINGS] as string[]) {
      const { processor_token } = await sandbox().ok('processorPartnerAProcessorTokenCreate', {
        access_token,
        account_id,
      });
      expect(processor_token).toMatch(/^processor-sandbox-[0-9a-f-]{36}$/);
      const auth = await sandbox().ok('processorAuthGet', { processor_token });
      expect(auth.account.account_id).toBe(account_id);
    }
    const loan = await sandbox().fail('processorPartnerAProcessorTokenCreate', {
      access_token,
      account_id: STUDENT_LOAN,
    });
    expect(loan.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'ACCOUNT_NOT_SUPPORTED' });
    expect(loan.body.error_message).toContain('student loan');
  });

  it('partner B: a bank-account-sandbox-<identifier> token for checking or savings accounts only', async () => {
    const { partner_b_bank_account_token } = await sandbox().ok('processorPartnerBBankAccountTokenCreate', {
      access_token,
      account_id: SAVINGS as string,
    });
    expect(partner_b_bank_account_token).toMatch(/^bank-account-sandbox-[0-9a-f-]{36}$/);
    const row = await sandbox()
      .sandbox.store.db.selectFrom('tokens')
      .selectAll()
      .where('token', '=', partner_b_bank_account_token)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'partner_b', item_id: CANONICAL_ITEM.itemId, account_id: SAVINGS });
    // It is partner B's token, not a processor token: its form is refused as processor_token.
    const asProcessor = await sandbox().fail('processorAuthGet', { processor_token: partner_b_bank_account_token });
    expect(asProcessor.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    const card = await sandbox().fail('processorPartnerBBankAccountTokenCreate', {
      access_token,
      account_id: CREDIT_CARD,
    });
    expect(card.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'ACCOUNT_NOT_SUPPORTED' });
    expect(card.body.error_message).toContain('credit card');
  });

  it('every partner token survives a rotation of the access token and dies with its Item', async () => {
    const item = await newItem();
    const processor = await sandbox().ok('processorTokenCreate', {
      access_token: item.access_token,
      account_id: item.checking,
      processor: 'gingham_pay',
    });
    const partnerA = await sandbox().ok('processorPartnerAProcessorTokenCreate', {
      access_token: item.access_token,
      account_id: item.checking,
    });
    const partnerB = await sandbox().ok('processorPartnerBBankAccountTokenCreate', {
      access_token: item.access_token,
      account_id: item.checking,
    });
    const { new_access_token } = await sandbox().ok('itemAccessTokenInvalidate', { access_token: item.access_token });
    for (const processor_token of [processor.processor_token, partnerA.processor_token]) {
      await sandbox().ok('processorIdentityGet', { processor_token });
    }
    await sandbox().ok('itemRemove', { access_token: new_access_token });
    for (const processor_token of [processor.processor_token, partnerA.processor_token]) {
      const reply = await sandbox().fail('processorIdentityGet', { processor_token });
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_PROCESSOR_TOKEN' });
    }
    const row = await sandbox()
      .sandbox.store.db.selectFrom('tokens')
      .select('revoked_at')
      .where('token', '=', partnerB.partner_b_bank_account_token)
      .executeTakeFirstOrThrow();
    expect(row.revoked_at).not.toBeNull();
  });
  it.each([
    ['processorTokenCreate', { account_id: CHECKING, processor: 'nobody' }, 'INVALID_PROCESSOR'],
    ['processorPartnerAProcessorTokenCreate', { account_id: CREDIT_CARD }, 'ACCOUNT_NOT_SUPPORTED'],
    ['processorPartnerBBankAccountTokenCreate', { account_id: CREDIT_CARD }, 'ACCOUNT_NOT_SUPPORTED'],
    ['processorTokenCreate', { account_id: 'nope', processor: 'acme_payments' }, 'INVALID_ACCOUNT_ID'],
    [
      'processorPartnerAProcessorTokenCreate',
      { access_token: 'access-sandbox-nope', account_id: CHECKING },
      'INVALID_ACCESS_TOKEN',
    ],
  ] as const)('%s refused with %s stores no token', async (operation, body, code) => {
    const db = sandbox().sandbox.store.db;
    const count = () => rowCount(db, 'tokens');
    const before = await count();
    const reply = await sandbox().fail(operation, { access_token, ...body } as never);
    expect(reply.body.error_code).toBe(code);
    expect(await count()).toBe(before);
  });
});

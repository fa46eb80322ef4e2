import { expect, it } from 'vitest';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';

const [CHECKING, SAVINGS, CREDIT_CARD, STUDENT_LOAN, MORTGAGE] = CANONICAL_ACCOUNT_IDS;
const access_token = CANONICAL_ITEM.accessToken;

describeEngines('account data: auth, identity, liabilities', (sandbox) => {
  async function newItem(
    options: { override_username?: string; override_password?: string } = {},
    institution_id = 'ins_109508',
    initial_products: ('auth' | 'transactions' | 'identity' | 'liabilities' | 'investments')[] = ['auth'],
  ) {
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
      institution_id,
      initial_products,
      ...(Object.keys(options).length > 0 ? { options } : {}),
    });
    return sandbox().ok('itemPublicTokenExchange', { public_token });
  }

  it('auth: numbers only for checking and savings accounts, as in the API reference (rule 1)', async () => {
    const reply = await sandbox().ok('authGet', { access_token });
    expect(reply.accounts.map((account) => account.account_id)).toEqual([CHECKING, SAVINGS]);
    expect(reply.numbers).toEqual({
      ach: [
        { account: '1111222233330000', account_id: CHECKING, routing: '011401533', wire_routing: '021000021' },
        { account: '1111222233331111', account_id: SAVINGS, routing: '011401533', wire_routing: '021000021' },
      ],
      eft: [],
      international: [],
      bacs: [],
    });
    expect(reply.item.item_id).toBe(CANONICAL_ITEM.itemId);
  });

  it('auth: options.account_ids narrows the result; an account auth does not cover yields nothing', async () => {
    const one = await sandbox().ok('authGet', { access_token, options: { account_ids: [SAVINGS] } });
    expect(one.accounts.map((account) => account.account_id)).toEqual([SAVINGS]);
    expect(one.numbers.ach.map((entry) => entry.account_id)).toEqual([SAVINGS]);
    const card = await sandbox().ok('authGet', { access_token, options: { account_ids: [CREDIT_CARD as string] } });
    expect(card.accounts).toEqual([]);
    expect(card.numbers.ach).toEqual([]);
  });

  it('auth: an unknown account id is INVALID_ACCOUNT_ID naming it', async () => {
    const reply = await sandbox().fail('authGet', { access_token, options: { account_ids: [CHECKING, 'nope'] } });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCOUNT_ID' });
    expect(reply.body.error_message).toContain('nope');
  });

  it('auth: nothing for accounts opened after the Item; NO_AUTH_ACCOUNTS when none is left (rule 1)', async () => {
    const { access_token: token, item_id } = await newItem();
    const { accounts } = await sandbox().ok('authGet', { access_token: token });
    const [checking, savings] = accounts;
    const db = sandbox().sandbox.store.db;
    const item = await db
      .selectFrom('items')
      .select('created_at')
      .where('item_id', '=', item_id)
      .executeTakeFirstOrThrow();
    const later = new Date(Date.parse(item.created_at) + 1).toISOString();
    // The savings account is opened a millisecond after the Item.
    await db
      .updateTable('accounts')
      .set({ created_at: later })
      .where('account_id', '=', savings?.account_id ?? '')
      .execute();
    const after = await sandbox().ok('authGet', { access_token: token });
    expect(after.accounts.map((account) => account.account_id)).toEqual([checking?.account_id]);
    expect(after.numbers.ach.map((entry) => entry.account_id)).toEqual([checking?.account_id]);
    await db
      .updateTable('accounts')
      .set({ created_at: later })
      .where('account_id', '=', checking?.account_id ?? '')
      .execute();
    const none = await sandbox().fail('authGet', { access_token: token });
    expect(none.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'NO_AUTH_ACCOUNTS' });
  });

  it('auth: the same Item has the same data on every call; another Item has other ids and numbers', async () => {
    const first = await newItem();
    const second = await newItem();
    const a1 = await sandbox().ok('authGet', { access_token: first.access_token });
    const a2 = await sandbox().ok('authGet', { access_token: first.access_token });
    const b = await sandbox().ok('authGet', { access_token: second.access_token });
    expect({ ...a2, request_id: '' }).toEqual({ ...a1, request_id: '' });
    const idsA = a1.accounts.map((account) => account.account_id);
    expect(b.accounts.some((account) => idsA.includes(account.account_id))).toBe(false);
    expect(b.numbers.ach[0]?.account).not.toBe(a1.numbers.ach[0]?.account);
    expect(b.numbers.ach[0]?.account).toMatch(/^\d{12}0000$/);
  });

  it('auth: an institution in the UK gives BACS numbers and an IBAN instead of ACH numbers', async () => {
    const { access_token: token } = await newItem({}, 'ins_117650');
    const { numbers } = await sandbox().ok('authGet', { access_token: token });
    expect(numbers.ach).toEqual([]);
    expect(numbers.bacs).toHaveLength(2);
    expect(numbers.international.map((entry) => entry.iban)).toEqual([
      expect.stringMatching(/^GB\d{2}GNGH\d{14}$/),
      expect.stringMatching(/^GB\d{2}GNGH\d{14}$/),
    ]);
  });

  it('identity: every account with its owners; only names for the savings account', async () => {
    const reply = await sandbox().ok('identityGet', { access_token, options: { account_ids: [CHECKING, SAVINGS] } });
    const [checking, savings] = reply.accounts;
    expect(checking?.owners).toEqual([
      {
        names: ['Alberta Bobbeth Charleson'],
        phone_numbers: [{ data: '1112223333', primary: true, type: 'mobile1' }],
        emails: [{ data: 'accountholder0@example.com', primary: true, type: 'primary' }],
        addresses: [
          {
            data: { street: '2992 Cameron Road', city: 'Malakoff', region: 'NY', postal_code: '14236', country: 'US' },
            primary: true,
          },
        ],
      },
    ]);
    expect(savings?.owners).toEqual([
      { names: ['Alberta Bobbeth Charleson'], phone_numbers: [], emails: [], addresses: [] },
    ]);
    const all = await sandbox().ok('identityGet', { access_token });
    expect(all.accounts).toHaveLength(6);
  });

  it('identity: the owners-unavailable test user reports names only', async () => {
    const { access_token: token } = await newItem({ override_username: 'user_owners_unavailable' });
    const reply = await sandbox().ok('identityGet', { access_token: token });
    for (const account of reply.accounts) {
      expect(account.owners).toEqual([
        { names: ['Alberta Bobbeth Charleson'], phone_numbers: [], emails: [], addresses: [] },
      ]);
    }
  });

  it('identity and liabilities: an institution without the product is PRODUCTS_NOT_SUPPORTED', async () => {
    // ins_200003 offers balance and transactions only.
    const { access_token: token } = await newItem({}, 'ins_200003', ['transactions']);
    for (const operation of ['identityGet', 'liabilitiesGet'] as const) {
      const reply = await sandbox().fail(operation, { access_token: token });
      expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'PRODUCTS_NOT_SUPPORTED' });
      expect(reply.body.error_message).toContain('ins_200003');
    }
  });

  it('liabilities: only credit card, student loan and mortgage accounts, with their details (rule 2)', async () => {
    const reply = await sandbox().ok('liabilitiesGet', { access_token });
    expect(reply.accounts.map((account) => account.account_id)).toEqual([CREDIT_CARD, STUDENT_LOAN, MORTGAGE]);
    expect(reply.liabilities.credit.map((entry) => entry.account_id)).toEqual([CREDIT_CARD]);
    expect(reply.liabilities.student.map((entry) => entry.account_id)).toEqual([STUDENT_LOAN]);
    expect(reply.liabilities.mortgage.map((entry) => entry.account_id)).toEqual([MORTGAGE]);
    expect(reply.liabilities.mortgage[0]?.interest_rate).toEqual({ percentage: 3.99, type: 'fixed' });
  });

  it('liabilities: options.account_ids narrows; an uncovered account of the Item yields nothing', async () => {
    const card = await sandbox().ok('liabilitiesGet', {
      access_token,
      options: { account_ids: [CREDIT_CARD as string] },
    });
    expect(card.accounts.map((account) => account.account_id)).toEqual([CREDIT_CARD]);
    expect(card.liabilities).toMatchObject({ mortgage: [], student: [] });
    const checking = await sandbox().ok('liabilitiesGet', { access_token, options: { account_ids: [CHECKING] } });
    expect(checking.accounts).toEqual([]);
    expect(checking.liabilities).toEqual({ credit: [], mortgage: [], student: [] });
    const unknown = await sandbox().fail('liabilitiesGet', { access_token, options: { account_ids: ['nope'] } });
    expect(unknown.body.error_code).toBe('INVALID_ACCOUNT_ID');
  });

  it('liabilities: an Item without supported accounts is NO_LIABILITY_ACCOUNTS', async () => {
    const { access_token: token } = await newItem({ override_password: 'microdeposits_good' });
    const reply = await sandbox().fail('liabilitiesGet', { access_token: token });
    expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'NO_LIABILITY_ACCOUNTS' });
  });

  it('a login-reset Item answers ITEM_LOGIN_REQUIRED to every data read', async () => {
    const { access_token: token } = await newItem({ override_username: 'user_login_reset' }, 'ins_109508', [
      'auth',
      'transactions',
      'identity',
      'liabilities',
      'investments',
    ]);
    const dates = { start_date: '2026-10-01', end_date: '2026-11-20' };
    const replies = [
      await sandbox().fail('authGet', { access_token: token }),
      await sandbox().fail('identityGet', { access_token: token }),
      await sandbox().fail('liabilitiesGet', { access_token: token }),
      await sandbox().fail('investmentsHoldingsGet', { access_token: token }),
      await sandbox().fail('investmentsTransactionsGet', { access_token: token, ...dates }),
      await sandbox().fail('transactionsGet', { access_token: token, ...dates }),
      await sandbox().fail('transactionsRefresh', { access_token: token }),
    ];
    for (const reply of replies) {
      expect(reply.status).toBe(400);
      expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'ITEM_LOGIN_REQUIRED' });
    }
  });

  it('an Item migrated for bank transfers only answers PRODUCTS_NOT_SUPPORTED to every data read', async () => {
    const migrated = await sandbox().ok('bankTransferMigrateAccount', {
      account_number: '987654321000',
      routing_number: '011401533',
      account_type: 'checking',
    });
    const token = migrated.access_token;
    const dates = { start_date: '2026-10-01', end_date: '2026-11-20' };
    const replies = [
      await sandbox().fail('authGet', { access_token: token }),
      await sandbox().fail('identityGet', { access_token: token }),
      await sandbox().fail('liabilitiesGet', { access_token: token }),
      await sandbox().fail('investmentsHoldingsGet', { access_token: token }),
      await sandbox().fail('transactionsGet', { access_token: token, ...dates }),
      await sandbox().fail('transactionsRefresh', { access_token: token }),
    ];
    for (const reply of replies) {
      expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'PRODUCTS_NOT_SUPPORTED' });
      expect(reply.body.error_message).toContain('/bank_transfer/migrate_account');
    }
  });

  it('a removed Item, another client and an unknown token are all INVALID_ACCESS_TOKEN', async () => {
    const { access_token: token } = await newItem();
    await sandbox().ok('itemRemove', { access_token: token });
    const removed = await sandbox().fail('authGet', { access_token: token });
    const otherClient = await sandbox().fail('identityGet', { access_token }, 'demo');
    const unknown = await sandbox().fail('liabilitiesGet', {
      access_token: 'access-sandbox-00000000-0000-0000-0000-000000000000',
    });
    for (const reply of [removed, otherClient, unknown]) {
      expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
    }
  });

  it('options must not be null', async () => {
    const reply = await sandbox().fail('authGet', { access_token, options: null });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
  });
});

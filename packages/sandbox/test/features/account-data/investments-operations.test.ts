import { expect, it } from 'vitest';
import { INVESTMENTS_EXTRACTION_MS } from '../../../src/features/account-data/investments-operations.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import { YEAR } from '../../support/transactions.js';

const CHECKING = CANONICAL_ACCOUNT_IDS[0];
const IRA = CANONICAL_ACCOUNT_IDS[5];
const GTMIX = '8E4L9XLl6MudjEpwPAAgivmdZRdBPJuvMPlPb';
const MKRB = 'KDwjlXj1Rqt58dVvmzRguxJybmyQL8FgeWWAy';
const access_token = CANONICAL_ITEM.accessToken;

describeEngines('investments', (sandbox) => {
  async function newItem(
    options: { override_username?: string; override_password?: string } = {},
    initial_products: ('auth' | 'investments')[] = ['investments'],
  ) {
    const { public_token } = await sandbox().ok('sandboxPublicTokenCreate', {
      institution_id: 'ins_109508',
      initial_products,
      ...(Object.keys(options).length > 0 ? { options } : {}),
    });
    return sandbox().ok('itemPublicTokenExchange', { public_token });
  }

  it('holdings: the investment accounts only, their positions and the securities held', async () => {
    const reply = await sandbox().ok('investmentsHoldingsGet', { access_token });
    expect(reply.accounts.map((account) => account.account_id)).toEqual([IRA]);
    expect(reply.holdings.map((holding) => [holding.account_id, holding.security_id, holding.quantity])).toEqual([
      [IRA, GTMIX, 10],
      [IRA, MKRB, 2],
    ]);
    expect(reply.securities.map((security) => security.security_id)).toEqual([GTMIX, MKRB]);
    const value = reply.holdings.reduce((sum, holding) => sum + holding.institution_value, 0);
    expect(value).toBeCloseTo(reply.accounts[0]?.balances.current ?? 0, 2);
  });

  it('holdings and transactions: no investment account (or none selected) is NO_INVESTMENT_ACCOUNTS', async () => {
    const selected = await sandbox().fail('investmentsHoldingsGet', {
      access_token,
      options: { account_ids: [CHECKING] },
    });
    expect(selected.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'NO_INVESTMENT_ACCOUNTS' });
    const { access_token: microDeposits } = await newItem({ override_password: 'microdeposits_good' });
    const none = await sandbox().fail('investmentsTransactionsGet', { access_token: microDeposits, ...YEAR });
    expect(none.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'NO_INVESTMENT_ACCOUNTS' });
    const unknown = await sandbox().fail('investmentsHoldingsGet', {
      access_token,
      options: { account_ids: ['nope'] },
    });
    expect(unknown.body.error_code).toBe('INVALID_ACCOUNT_ID');
  });

  it('an Item created without investments answers PRODUCT_NOT_READY until its first extraction has run', async () => {
    const { access_token: token } = await newItem({}, ['auth']);
    const first = await sandbox().fail('investmentsHoldingsGet', { access_token: token });
    expect(first.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'PRODUCT_NOT_READY' });
    sandbox().clock.advance(INVESTMENTS_EXTRACTION_MS - 1);
    const during = await sandbox().fail('investmentsTransactionsGet', { access_token: token, ...YEAR });
    expect(during.body.error_code).toBe('PRODUCT_NOT_READY');
    sandbox().clock.advance(1);
    const ready = await sandbox().ok('investmentsHoldingsGet', { access_token: token });
    expect(ready.holdings).toHaveLength(2);
  });

  it('concurrent first reads of an Item created without investments start one extraction, ready after the delay', async () => {
    const { access_token: token, item_id } = await newItem({}, ['auth']);
    const replies = await Promise.all(
      [1, 2, 3].map(() => sandbox().fail('investmentsHoldingsGet', { access_token: token })),
    );
    for (const reply of replies) {
      expect(reply.body).toMatchObject({ error_type: 'ITEM_ERROR', error_code: 'PRODUCT_NOT_READY' });
    }
    const rows = await sandbox()
      .sandbox.store.db.selectFrom('product_extractions')
      .selectAll()
      .where('item_id', '=', item_id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      product: 'investments',
      ready_at: new Date(Date.parse(rows[0]?.started_at ?? '') + INVESTMENTS_EXTRACTION_MS).toISOString(),
    });
    sandbox().clock.advance(INVESTMENTS_EXTRACTION_MS);
    await sandbox().ok('investmentsTransactionsGet', { access_token: token, ...YEAR });
  });

  it('transactions: reverse-chronological with ties broken by id, the same on every call (rule 15)', async () => {
    const reply = await sandbox().ok('investmentsTransactionsGet', { access_token, ...YEAR });
    const list = reply.investment_transactions;
    expect(list.length).toBe(reply.total_investment_transactions);
    expect(list.length).toBeGreaterThan(20);
    for (let index = 1; index < list.length; index++) {
      const [before, after] = [list[index - 1], list[index]];
      expect(before && after && before.date >= after.date).toBe(true);
      if (before && after && before.date === after.date) {
        expect(before.investment_transaction_id < after.investment_transaction_id).toBe(true);
      }
    }
    expect(new Set(list.map((entry) => entry.date)).size).toBeLessThan(list.length);
    const again = await sandbox().ok('investmentsTransactionsGet', { access_token, ...YEAR });
    expect(again.investment_transactions).toEqual(list);
  });

  it('transactions: count/offset pages add up to total_investment_transactions, without gaps or repeats (rule 15)', async () => {
    const all = await sandbox().ok('investmentsTransactionsGet', { access_token, ...YEAR });
    const paged: string[] = [];
    for (let offset = 0; offset < all.total_investment_transactions; offset += 4) {
      const page = await sandbox().ok('investmentsTransactionsGet', {
        access_token,
        ...YEAR,
        options: { count: 4, offset, account_ids: [IRA as string] },
      });
      expect(page.total_investment_transactions).toBe(all.total_investment_transactions);
      expect(page.investment_transactions.length).toBeLessThanOrEqual(4);
      const referenced = new Set(page.investment_transactions.map((entry) => entry.security_id).filter(Boolean));
      expect(page.securities.map((security) => security.security_id).sort()).toEqual([...referenced].sort());
      paged.push(...page.investment_transactions.map((entry) => entry.investment_transaction_id));
    }
    expect(paged).toEqual(all.investment_transactions.map((entry) => entry.investment_transaction_id));
    const beyond = await sandbox().ok('investmentsTransactionsGet', {
      access_token,
      ...YEAR,
      options: { offset: all.total_investment_transactions },
    });
    expect(beyond.investment_transactions).toEqual([]);
    expect(beyond.total_investment_transactions).toBe(all.total_investment_transactions);
  });

  it('transactions: only those dated from start_date to end_date, both inclusive', async () => {
    const all = await sandbox().ok('investmentsTransactionsGet', { access_token, ...YEAR });
    const day = all.investment_transactions[0]?.date ?? '';
    const oneDay = await sandbox().ok('investmentsTransactionsGet', { access_token, start_date: day, end_date: day });
    expect(oneDay.investment_transactions.length).toBeGreaterThan(0);
    expect(oneDay.investment_transactions.every((entry) => entry.date === day)).toBe(true);
    expect(oneDay.total_investment_transactions).toBe(
      all.investment_transactions.filter((entry) => entry.date === day).length,
    );
  });

  it('transactions: start_date after end_date is INVALID_FIELD naming both fields', async () => {
    const reply = await sandbox().fail('investmentsTransactionsGet', {
      access_token,
      start_date: '2026-11-20',
      end_date: '2026-10-01',
    });
    expect(reply.status).toBe(400);
    expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD' });
    expect(reply.body.error_message).toBe('start_date (2026-11-20) must not be after end_date (2026-10-01)');
    expect(reply.body.causes.map((cause) => cause.field)).toEqual(['start_date', 'end_date']);
  });

  it.each([
    ['count above 500', { options: { count: 501 } }, 'INVALID_FIELD'],
    ['count below 1', { options: { count: 0 } }, 'INVALID_FIELD'],
    ['a negative offset', { options: { offset: -1 } }, 'INVALID_FIELD'],
    ['count at the top level', { count: 2 }, 'UNKNOWN_FIELDS'],
  ])('transactions: %s is refused', async (_name, extra, code) => {
    const reply = await sandbox().fail('investmentsTransactionsGet', { access_token, ...YEAR, ...extra });
    expect(reply.body).toMatchObject({ error_type: 'INVALID_REQUEST', error_code: code });
  });

  it('transactions: different Items have different transaction ids', async () => {
    const { access_token: token } = await newItem();
    const mine = await sandbox().ok('investmentsTransactionsGet', { access_token: token, ...YEAR });
    const canonical = await sandbox().ok('investmentsTransactionsGet', { access_token, ...YEAR });
    const ids = new Set(canonical.investment_transactions.map((entry) => entry.investment_transaction_id));
    expect(mine.investment_transactions.some((entry) => ids.has(entry.investment_transaction_id))).toBe(false);
  });
});

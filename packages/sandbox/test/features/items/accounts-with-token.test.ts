/**
 * The accounts a read gets with its access token (`readWithToken`): on PostgreSQL they
 * come in the token's round trip unless the ones kept in memory are current. Whatever is kept,
 * each read answers with the accounts of its own token's Item as they are now, and a token that
 * is no longer live is refused.
 */
import pg from 'pg';
import { expect, it, vi } from 'vitest';
import { accountsOfItem } from '../../../src/features/items/access.js';
import { readWithToken } from '../../../src/features/items/accounts-with-token.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM, DEFAULT_CLIENT } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import { exchangedItem } from '../../support/items.js';

const [CHECKING, SAVINGS] = CANONICAL_ACCOUNT_IDS as unknown as string[];
const access_token = CANONICAL_ITEM.accessToken;

describeEngines('the accounts read with the access token', (sandbox, engine) => {
  const newItem = () => exchangedItem(sandbox(), ['auth']);

  async function checkingBalance(token: string): Promise<number | null | undefined> {
    const reply = await sandbox().ok('authGet', { access_token: token });
    return reply.accounts.find((account) => account.account_id === CHECKING)?.balances.current;
  }

  async function setChecking(current: number): Promise<void> {
    await sandbox()
      .sandbox.store.db.updateTable('accounts')
      .set({ current })
      .where('account_id', '=', CHECKING as string)
      .execute();
  }

  it('every change of the accounts is seen by the next read, also after they were kept', async () => {
    expect(await checkingBalance(access_token)).toBe(110);
    expect(await checkingBalance(access_token)).toBe(110);
    try {
      await setChecking(111);
      expect(await checkingBalance(access_token)).toBe(111);
      await setChecking(112);
      expect(await checkingBalance(access_token)).toBe(112);
      expect(await checkingBalance(access_token)).toBe(112);
    } finally {
      await setChecking(110);
    }
    expect(await checkingBalance(access_token)).toBe(110);
  });

  it("each token reads its own Item's accounts, read in turns", async () => {
    const first = await newItem();
    const second = await newItem();
    const idsOf = async (token: string) =>
      (await sandbox().ok('authGet', { access_token: token })).accounts.map((account) => account.account_id);
    const firstIds = await idsOf(first.access_token);
    const secondIds = await idsOf(second.access_token);
    expect(firstIds).toHaveLength(2);
    expect(secondIds).toHaveLength(2);
    expect(firstIds.some((id) => secondIds.includes(id))).toBe(false);
    for (let turn = 0; turn < 2; turn++) {
      expect(await idsOf(first.access_token)).toEqual(firstIds);
      expect(await idsOf(second.access_token)).toEqual(secondIds);
      expect(await idsOf(access_token)).toEqual([CHECKING, SAVINGS]);
    }
  });

  it('a token rotated or removed after its accounts were read is refused; the new token reads them', async () => {
    const item = await newItem();
    const before = await sandbox().ok('identityGet', { access_token: item.access_token });
    const { new_access_token } = await sandbox().ok('itemAccessTokenInvalidate', { access_token: item.access_token });
    const rotated = await sandbox().fail('identityGet', { access_token: item.access_token });
    expect(rotated.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
    const after = await sandbox().ok('identityGet', { access_token: new_access_token });
    expect(after.accounts.map((account) => account.account_id)).toEqual(
      before.accounts.map((account) => account.account_id),
    );
    await sandbox().ok('itemRemove', { access_token: new_access_token });
    const removed = await sandbox().fail('identityGet', { access_token: new_access_token });
    expect(removed.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
  });

  it("another client's read of a token whose accounts are kept is refused", async () => {
    await sandbox().ok('authGet', { access_token });
    const reply = await sandbox().fail('authGet', { access_token }, 'demo');
    expect(reply.body).toMatchObject({ error_type: 'INVALID_INPUT', error_code: 'INVALID_ACCESS_TOKEN' });
  });

  it('answers the rows the accounts table holds, column for column, non-finite and fractional balances too', async () => {
    const db = sandbox().sandbox.store.db;
    const item = await newItem();
    const [first] = await db
      .selectFrom('accounts')
      .select('account_id')
      .where('item_id', '=', item.item_id)
      .orderBy('position')
      .execute();
    if (!first) {
      throw new Error('the new Item has no accounts');
    }
    await db
      .updateTable('accounts')
      .set({ available: Number.NaN, current: 0.1 + 0.2, limit_amount: Number.NEGATIVE_INFINITY })
      .where('account_id', '=', first.account_id)
      .execute();
    const stored = await db
      .selectFrom('accounts')
      .selectAll()
      .where('item_id', '=', item.item_id)
      .orderBy('position')
      .execute();
    // Twice: read with the token (and kept), then answered from what was kept.
    for (let turn = 0; turn < 2; turn++) {
      const { found } = await readWithToken(db, DEFAULT_CLIENT.clientId, item.access_token, 'access', []);
      if (!found) {
        throw new Error('the new token is not live');
      }
      const accounts = await accountsOfItem(db, found.item);
      expect(accounts).toEqual(stored);
      expect(accounts.map((account) => Object.keys(account))).toEqual(stored.map((account) => Object.keys(account)));
    }
  });

  if (engine === 'postgres') {
    it('a warm /auth/get sends two statements: the fault rules, and the token with its accounts when they changed', async () => {
      await sandbox().ok('authGet', { access_token });
      const sent = vi.spyOn(pg.Client.prototype, 'query');
      try {
        await sandbox().ok('authGet', { access_token });
        await setChecking(113);
        expect(await checkingBalance(access_token)).toBe(113);
        const texts = sent.mock.calls.map(([query]) => (query as { text?: string }).text ?? String(query));
        // The update of the test itself, then two reads of two statements each.
        expect(texts.filter((text) => /^\s*select/i.test(text))).toHaveLength(4);
      } finally {
        sent.mockRestore();
        await setChecking(110);
      }
    });
  }
});

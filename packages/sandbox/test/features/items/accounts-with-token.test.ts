/**
 * The accounts a read gets with its access token (`readWithToken`): on PostgreSQL they
 * come in the token's round trip unless the ones kept in memory are current. Whatever is kept,
 * each read answers with the accounts of its own token's Item as they are now, and a token that
 * is no longer live is refused.
 */
import { expect, it } from 'vitest';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM } from '../../../src/features/world/index.js';
import { describeEngines } from '../../support/harness.js';
import { exchangedItem } from '../../support/items.js';

const [CHECKING, SAVINGS] = CANONICAL_ACCOUNT_IDS as unknown as string[];
const access_token = CANONICAL_ITEM.accessToken;

describeEngines('the accounts read with the access token', (sandbox) => {
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
});

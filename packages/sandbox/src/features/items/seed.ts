/**
 * Seeds the default client's canonical Item with the tokens and accounts of the docs.
 */
import type { Transaction } from 'kysely';
import { type Database, toJsonText } from '../../engine/index.js';
import {
  CANONICAL_ACCOUNT_IDS,
  CANONICAL_ITEM,
  type CanonicalWorld,
  DEFAULT_TEST_USER,
  DEFAULT_WORLD,
  testUserKey,
} from '../world/index.js';
import { generateAccounts } from './accounts.js';
import { PUBLIC_TOKEN_LIFETIME_MS } from './queries.js';

/** The canonical Item of `world`'s client, its accounts, and its public, access and processor tokens. */
export async function seedCanonicalItem(
  trx: Transaction<Database>,
  now: Date,
  world: CanonicalWorld = DEFAULT_WORLD,
): Promise<void> {
  const at = now.toISOString();
  const item = {
    ...CANONICAL_ITEM,
    itemId: world.id(CANONICAL_ITEM.itemId),
    publicToken: world.id(CANONICAL_ITEM.publicToken),
    accessToken: world.id(CANONICAL_ITEM.accessToken),
    processorToken: world.id(CANONICAL_ITEM.processorToken),
  };
  const accountIds = CANONICAL_ACCOUNT_IDS.map((id) => world.id(id));
  const inserted = await trx
    .insertInto('items')
    .values({
      item_id: item.itemId,
      client_id: world.clientId,
      institution_id: item.institutionId,
      test_user: testUserKey(DEFAULT_TEST_USER),
      products: toJsonText([...item.products]),
      webhook: item.webhook,
      bank_transfer_only: 0,
      login_required: 0,
      created_at: at,
      removed_at: null,
    })
    .onConflict((conflict) => conflict.column('item_id').doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
    return;
  }
  const accounts = generateAccounts({
    itemId: item.itemId,
    clientId: world.clientId,
    user: DEFAULT_TEST_USER,
    createdAt: at,
    accountIds,
  });
  await trx.insertInto('accounts').values(accounts).execute();
  const token = (value: string, kind: string, extra: { expires_at?: string; account_id?: string } = {}) => ({
    token: value,
    kind,
    client_id: world.clientId,
    item_id: item.itemId,
    account_id: extra.account_id ?? null,
    subject_id: null,
    created_at: at,
    expires_at: extra.expires_at ?? null,
    used_at: null,
    revoked_at: null,
  });
  await trx
    .insertInto('tokens')
    .values([
      token(item.publicToken, 'public', {
        expires_at: new Date(now.getTime() + PUBLIC_TOKEN_LIFETIME_MS).toISOString(),
      }),
      token(item.accessToken, 'access'),
      token(item.processorToken, 'processor', { account_id: accountIds[0] }),
    ])
    .execute();
}

/** Marks the canonical checking account as verified through micro-deposits (the default client is enabled for them). */
export async function seedCanonicalMicroDeposits(
  trx: Transaction<Database>,
  world: CanonicalWorld = DEFAULT_WORLD,
): Promise<void> {
  // The docs set it for the canonical checking account; the savings account was not verified.
  await trx
    .updateTable('accounts')
    .set({ micro_deposits: 1 })
    .where('account_id', '=', world.id(CANONICAL_ACCOUNT_IDS[0]))
    .where('item_id', '=', world.id(CANONICAL_ITEM.itemId))
    .execute();
}

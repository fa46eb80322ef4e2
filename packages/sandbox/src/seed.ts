/**
 * Seeds a new store with the canonical sandbox world: the default and demo clients, the
 * institutions, and the default client's canonical Item with the tokens and accounts of the docs.
 * Runs in one transaction; inserts skip rows that exist, so instances starting together on one
 * PostgreSQL seed it once.
 */
import type { Kysely, Transaction } from 'kysely';
import { hashSecret } from './engine/clients/client-secrets.js';
import type { Database } from './engine/store/database.js';
import type { Store } from './engine/store/open-store.js';
import { seedAssetsSignalApplications } from './features/asset-reports/seed.js';
import { seededInstitutions } from './features/institutions/institutions.js';
import { generateAccounts } from './features/items/accounts.js';
import { seedPaymentWorld } from './features/payments/seed.js';
import { seedTransferWorld } from './features/transfers/seed.js';
import { DEFAULT_TEST_USER, testUserKey } from './features/world/test-users.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM, DEFAULT_CLIENT, DEMO_CLIENT } from './features/world/world.js';

/** Lifetime of a public token, in milliseconds (30 minutes). */
export const PUBLIC_TOKEN_LIFETIME_MS = 30 * 60 * 1000;

/** Whether the store holds no client yet. */
export async function isEmpty(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('clients').select('client_id').limit(1).executeTakeFirst();
  return row === undefined;
}

/** Seeds the canonical world at time `now` into a store that holds no client yet. */
export async function seedIfEmpty(store: Store, now: Date): Promise<void> {
  if (await isEmpty(store.db)) {
    await store.transaction((trx) => seedWorld(trx, now));
  }
}

/** Inserts the canonical world at time `now`. */
export async function seedWorld(trx: Transaction<Database>, now: Date): Promise<void> {
  const at = now.toISOString();
  for (const client of [DEFAULT_CLIENT, DEMO_CLIENT]) {
    const secret = hashSecret(client.secret);
    await trx
      .insertInto('clients')
      .values({
        client_id: client.clientId,
        name: client.name,
        secret_hash: secret.hash,
        secret_salt: secret.salt,
        webhook_secret: client.webhookSecret,
        bank_transfer_config: client.bankTransferConfig,
        micro_deposit_auth: client === DEFAULT_CLIENT ? 1 : 0,
        created_at: at,
      })
      .onConflict((conflict) => conflict.column('client_id').doNothing())
      .execute();
  }
  await seedInstitutions(trx);
  await seedCanonicalItem(trx, now);
  await seedTransferWorld(trx, now);
  await seedAssetsSignalApplications(trx, now);
  await seedPaymentWorld(trx, now);
}

/** Inserts the institutions (reference data) unless they are there already. */
export async function seedInstitutions(trx: Transaction<Database>): Promise<void> {
  const present = await trx.selectFrom('institutions').select('institution_id').limit(1).executeTakeFirst();
  if (present) {
    return;
  }
  const institutions = seededInstitutions();
  for (let start = 0; start < institutions.length; start += 200) {
    await trx
      .insertInto('institutions')
      .values(institutions.slice(start, start + 200))
      .onConflict((conflict) => conflict.column('institution_id').doNothing())
      .execute();
  }
}

/** The canonical Item of the default client, its accounts, and its public, access and processor tokens. */
export async function seedCanonicalItem(trx: Transaction<Database>, now: Date): Promise<void> {
  const at = now.toISOString();
  const item = CANONICAL_ITEM;
  const inserted = await trx
    .insertInto('items')
    .values({
      item_id: item.itemId,
      client_id: DEFAULT_CLIENT.clientId,
      institution_id: item.institutionId,
      test_user: testUserKey(DEFAULT_TEST_USER),
      products: JSON.stringify(item.products),
      webhook: item.webhook,
      bank_transfer_only: 0,
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
    clientId: DEFAULT_CLIENT.clientId,
    user: DEFAULT_TEST_USER,
    createdAt: at,
    accountIds: CANONICAL_ACCOUNT_IDS,
  });
  await trx.insertInto('accounts').values(accounts).execute();
  const token = (value: string, kind: string, extra: { expires_at?: string; account_id?: string } = {}) => ({
    token: value,
    kind,
    client_id: DEFAULT_CLIENT.clientId,
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
      token(item.processorToken, 'processor', { account_id: CANONICAL_ACCOUNT_IDS[0] }),
    ])
    .execute();
}

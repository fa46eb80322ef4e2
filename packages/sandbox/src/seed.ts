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
import { seedApplications } from './features/applications/index.js';
import { seedAuditors, seedCanonicalAssetReport } from './features/asset-reports/index.js';
import { seedBankTransferWorld } from './features/bank-transfers/index.js';
import { seedEmployers } from './features/employers/index.js';
import { seedInstitutions } from './features/institutions/index.js';
import { seedCanonicalItem, seedCanonicalMicroDeposits } from './features/items/index.js';
import { seedPaymentWorld } from './features/payments/index.js';
import { seedCanonicalEvaluation } from './features/signal/index.js';
import { seedTransferWorld } from './features/transfers/index.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from './features/world/index.js';

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
        exchange_integration: client.exchangeIntegration ? 1 : 0,
        created_at: at,
      })
      .onConflict((conflict) => conflict.column('client_id').doNothing())
      .execute();
  }
  await seedInstitutions(trx);
  await seedCanonicalItem(trx, now);
  await seedTransferWorld(trx, now);
  await seedBankTransferWorld(trx);
  await seedAuditors(trx);
  await seedEmployers(trx);
  await seedApplications(trx, now);
  await seedCanonicalMicroDeposits(trx);
  await seedCanonicalAssetReport(trx, now);
  await seedCanonicalEvaluation(trx, now);
  await seedPaymentWorld(trx, now);
}

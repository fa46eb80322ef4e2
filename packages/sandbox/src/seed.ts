/**
 * Seeds a new store with the canonical sandbox world: the default and demo clients, the
 * institutions, and the default client's canonical Item with the tokens and accounts of the docs.
 * Runs in one transaction; inserts skip rows that exist, so instances starting together on one
 * PostgreSQL seed it once.
 */
import type { Kysely, Transaction } from 'kysely';
import { type ClientNamespace, namespacedValue } from './engine/clients/client-namespace.js';
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
import { type CanonicalWorld, DEFAULT_CLIENT, DEFAULT_WORLD, DEMO_CLIENT } from './features/world/index.js';

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

/** Inserts the canonical world at time `now`: the reference data, the default client's world and the demo client. */
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
  await seedAuditors(trx);
  await seedEmployers(trx);
  await seedCanonicalWorld(trx, now, DEFAULT_WORLD);
}

/**
 * Inserts one copy of the canonical world for `world`'s client (whose row exists): the canonical
 * Item with its tokens and accounts, the transfers and bank transfers with their events and
 * idempotency keys, the asset report, the Signal evaluation, the payments and recipients, the
 * client as a financial institution. The default world also gives the demo client its accounts
 * and settings.
 */
export async function seedCanonicalWorld(trx: Transaction<Database>, now: Date, world: CanonicalWorld): Promise<void> {
  await seedCanonicalItem(trx, now, world);
  await seedTransferWorld(trx, now, world);
  await seedBankTransferWorld(trx, world);
  await seedApplications(trx, now, world);
  await seedCanonicalMicroDeposits(trx, world);
  await seedCanonicalAssetReport(trx, now, world);
  await seedCanonicalEvaluation(trx, now, world);
  await seedPaymentWorld(trx, now, world);
}

/** The copy of the canonical world of `clientId`, in its namespace. */
export function namespacedWorld(clientId: string, namespace: ClientNamespace): CanonicalWorld {
  return {
    clientId,
    id: (value) => namespacedValue(value, clientId),
    request: (body) => namespace.inbound(body, clientId),
  };
}

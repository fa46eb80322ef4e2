/**
 * Adding and listing sandbox clients (the `svc-sandbox clients` command).
 */

import type { Kysely } from 'kysely';
import type { Database } from '../store/database.js';
import type { Store } from '../store/open-store.js';
import { hashSecret, newClientCredentials } from './client-secrets.js';

/** The credentials of a new client: shown once, never stored in clear. */
export interface NewClient {
  clientId: string;
  secret: string;
  webhookSecret: string;
  name: string;
}

/** Creates a client named `name` with new credentials. */
export async function addClient(
  store: Store,
  name: string,
  now: Date,
  bankTransferConfig: 'full_service' | 'platform' = 'full_service',
): Promise<NewClient> {
  return insertClient(store.db, name, now, bankTransferConfig);
}

/**
 * Inserts a client named `name` with new credentials through `db` (a transaction, for a client
 * seeded with more in the same one), enabled for micro-deposits and an exchange integration;
 * `throwaway` for a client of `/sandbox/client/create`, seeded with its own canonical world.
 */
export async function insertClient(
  db: Kysely<Database>,
  name: string,
  now: Date,
  bankTransferConfig: 'full_service' | 'platform' = 'full_service',
  throwaway = false,
): Promise<NewClient> {
  const credentials = newClientCredentials();
  const secret = hashSecret(credentials.secret);
  await db
    .insertInto('clients')
    .values({
      client_id: credentials.clientId,
      name,
      secret_hash: secret.hash,
      secret_salt: secret.salt,
      webhook_secret: credentials.webhookSecret,
      bank_transfer_config: bankTransferConfig,
      micro_deposit_auth: 1,
      exchange_integration: 1,
      created_at: now.toISOString(),
      throwaway: throwaway ? 1 : 0,
    })
    .execute();
  return { ...credentials, name };
}

/** Every client: id, name, configuration (never a secret). */
export async function listClients(store: Store) {
  return store.db
    .selectFrom('clients')
    .select(['client_id', 'name', 'bank_transfer_config', 'created_at'])
    .orderBy('created_at')
    .orderBy('client_id')
    .execute();
}

/**
 * Throwaway clients (`/sandbox/client/create`, `/sandbox/client/delete`): a new client with its
 * own copy of the canonical world in its namespace, made in one transaction, and deleted with
 * everything it owns. The default and demo clients are the docs' and cannot be deleted.
 */
import type { ClientNamespace } from './engine/clients/client-namespace.js';
import { deleteClientRows } from './engine/clients/client-rows-delete.js';
import { hashSecret, newClientCredentials } from './engine/clients/client-secrets.js';
import type { NewClient } from './engine/clients/clients.js';
import type { Store } from './engine/store/open-store.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from './features/world/index.js';
import { namespacedWorld, seedCanonicalWorld } from './seed.js';

/** The clients of the docs, which no one may delete. */
export const PERMANENT_CLIENT_IDS: ReadonlySet<string> = new Set([DEFAULT_CLIENT.clientId, DEMO_CLIENT.clientId]);

/**
 * Creates a client named `name`, configured as the default client (full-service bank transfers,
 * micro-deposits, an exchange integration), with its own canonical world seeded at `now`.
 */
export async function createThrowawayClient(
  store: Store,
  namespace: ClientNamespace,
  name: string,
  now: Date,
): Promise<NewClient> {
  const credentials = newClientCredentials();
  const secret = hashSecret(credentials.secret);
  await store.transaction(async (trx) => {
    await trx
      .insertInto('clients')
      .values({
        client_id: credentials.clientId,
        name,
        secret_hash: secret.hash,
        secret_salt: secret.salt,
        webhook_secret: credentials.webhookSecret,
        bank_transfer_config: DEFAULT_CLIENT.bankTransferConfig,
        micro_deposit_auth: 1,
        exchange_integration: DEFAULT_CLIENT.exchangeIntegration ? 1 : 0,
        created_at: now.toISOString(),
      })
      .execute();
    await seedCanonicalWorld(trx, now, namespacedWorld(credentials.clientId, namespace));
  });
  return { ...credentials, name };
}

/** What {@link deleteClient} did. */
export type DeleteOutcome = 'deleted' | 'unknown' | 'permanent';

/** Deletes `clientId` with every row it owns, in one transaction; the docs' clients stay. */
export async function deleteClient(store: Store, clientId: string): Promise<DeleteOutcome> {
  if (PERMANENT_CLIENT_IDS.has(clientId)) {
    return 'permanent';
  }
  const existed = await store.transaction((trx) => deleteClientRows(trx, clientId));
  return existed ? 'deleted' : 'unknown';
}

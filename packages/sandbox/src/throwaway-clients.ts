/**
 * Throwaway clients (`/sandbox/client/create`, `/sandbox/client/delete`): a new client with its
 * own copy of the canonical world in its namespace, made in one transaction, and deleted with
 * everything it owns. The default and demo clients are the docs' and cannot be deleted.
 */
import type { ClientNamespace } from './engine/clients/client-namespace.js';
import { deleteClientRows } from './engine/clients/client-rows-delete.js';
import { insertClient, type NewClient } from './engine/clients/clients.js';
import type { Store } from './engine/store/open-store.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from './features/world/index.js';
import { namespacedWorld, seedCanonicalWorld } from './seed.js';

/** The clients of the docs, which no one may delete. */
export const PERMANENT_CLIENT_IDS: ReadonlySet<string> = new Set([DEFAULT_CLIENT.clientId, DEMO_CLIENT.clientId]);

/**
 * Creates a client named `name`, configured as the default client (full-service bank transfers,
 * micro-deposits, an exchange integration), with its own canonical world seeded at `now`, in one
 * transaction.
 */
export async function createThrowawayClient(
  store: Store,
  namespace: ClientNamespace,
  name: string,
  now: Date,
): Promise<NewClient> {
  return store.transaction(async (trx) => {
    const client = await insertClient(trx, name, now, DEFAULT_CLIENT.bankTransferConfig);
    await seedCanonicalWorld(trx, now, namespacedWorld(client.clientId, namespace));
    return client;
  });
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

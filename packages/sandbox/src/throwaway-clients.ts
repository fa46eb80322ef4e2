/**
 * Throwaway clients (`/sandbox/client/create`, `/sandbox/client/delete`, `/sandbox/client/reset`):
 * a new client with its own copy of the canonical world in its namespace, made in one transaction,
 * deleted with everything it owns, reset to its canonical world. The default and demo clients are
 * the docs' and cannot be deleted or reset through the API (`--reset` resets the whole sandbox).
 */
import { sql, type Transaction } from 'kysely';
import type { ClientNamespace } from './engine/clients/client-namespace.js';
import { deleteClientRows, deleteClientWorldRows } from './engine/clients/client-rows-delete.js';
import { insertClient, type NewClient } from './engine/clients/clients.js';
import { CLIENT_WORLD_SCOPE, clientLockStatement } from './engine/store/client-lock.js';
import type { Database } from './engine/store/database.js';
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
    const client = await insertClient(trx, name, now, DEFAULT_CLIENT.bankTransferConfig, true);
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

/** What {@link resetClient} did. */
export type ResetClientOutcome = 'reset' | 'unknown' | 'permanent';

/**
 * Resets `clientId`'s world at the sandbox's time `now`, in one transaction: every row of its
 * world (`CLIENT_WORLD_TABLES`: Items, tokens, transfers, payments, webhooks, events, idempotency
 * keys, fault rules, scheduled work…) deleted, its clock back at real time (offset 0), its
 * generation one higher (every instance then reads its row afresh), and a throwaway client's
 * canonical world seeded again. On PostgreSQL it first takes the client's world lock alone, so it
 * waits for the client's requests in flight and they for it. The docs' clients are refused.
 */
export async function resetClient(
  store: Store,
  namespace: ClientNamespace,
  clientId: string,
  now: Date,
): Promise<ResetClientOutcome> {
  if (PERMANENT_CLIENT_IDS.has(clientId)) {
    return 'permanent';
  }
  return store.transaction(async (trx) => {
    const reset = await clearClientWorld(trx, clientId);
    if (!reset) {
      return 'unknown';
    }
    if (reset.throwaway === 1) {
      await seedCanonicalWorld(trx, now, namespacedWorld(clientId, namespace));
    }
    return 'reset';
  });
}

/**
 * Takes the client's world lock alone (PostgreSQL), deletes its world's rows, sets its clock back
 * to real time and its generation one higher, in `trx`; its row as updated (none: no such client).
 */
async function clearClientWorld(
  trx: Transaction<Database>,
  clientId: string,
): Promise<{ throwaway: number } | undefined> {
  const lock = clientLockStatement(trx, CLIENT_WORLD_SCOPE, clientId);
  if (lock) {
    await trx.executeQuery(lock);
  }
  await deleteClientWorldRows(trx, clientId);
  return trx
    .updateTable('clients')
    .set({ clock_offset_ms: 0, generation: sql<number>`generation + 1` })
    .where('client_id', '=', clientId)
    .returning('throwaway')
    .executeTakeFirst();
}

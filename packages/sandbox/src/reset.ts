/**
 * Empties the store and seeds the canonical world again, in one transaction: what `--reset` does
 * at start and what a test needs for a fresh sandbox per case without restarting it. Clients
 * added with `svc-sandbox clients add` or `/sandbox/client/create` stay, with their credentials.
 */
import { sql } from 'kysely';
import { SANDBOX_NAMESPACE } from './canonical-values.js';
import { settleFinishing } from './engine/store/finishing-statement.js';
import type { Store } from './engine/store/open-store.js';
import { OWNED_TABLES } from './engine/store/owned-tables.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from './features/world/index.js';
import { namespacedWorld, seedCanonicalWorld, seedWorld } from './seed.js';

/** What a reset kept. */
export interface ResetOutcome {
  /** Clients added with `svc-sandbox clients add` or `/sandbox/client/create` that are still there, with their credentials. */
  addedClientsKept: number;
}

/** The clients the seed creates (every other one was added). */
const CANONICAL_CLIENT_IDS: readonly string[] = [DEFAULT_CLIENT.clientId, DEMO_CLIENT.clientId];

/**
 * Deletes every row of every sandbox table except the institutions (reference data nothing
 * changes), the migrations' bookkeeping and the clients' rows, sets every counter back to 0
 * (migrations create the counter rows; code increments them and relies on them), then seeds the
 * canonical world. Every client keeps its id, secret, webhook secret, name and configuration;
 * everything it created goes, its test clock is back at the sandbox's (offset 0) and its
 * generation grows (every instance reads its row afresh). A throwaway client
 * (`/sandbox/client/create`) gets its own canonical world again; one of `clients add` nothing, so
 * it is as `clients add` left it.
 */
export async function resetStore(store: Store, now: Date): Promise<ResetOutcome> {
  return store.transaction(async (trx) => {
    for (const table of OWNED_TABLES) {
      if (table.startsWith('kysely_') || table === 'institutions' || table === 'clients') {
        continue;
      }
      if (table === 'counters') {
        await trx.updateTable('counters').set({ value: 0 }).execute();
        continue;
      }
      await sql`delete from ${sql.table(table)}`.execute(trx);
    }
    const kept = await trx
      .updateTable('clients')
      .set({ clock_offset_ms: 0, generation: sql<number>`generation + 1` })
      .returning(['client_id', 'throwaway'])
      .execute();
    await seedWorld(trx, now);
    for (const client of kept) {
      if (client.throwaway === 1) {
        // Each world's seed ends with its own finishing statement.
        await settleFinishing(trx);
        await seedCanonicalWorld(trx, now, namespacedWorld(client.client_id, SANDBOX_NAMESPACE));
      }
    }
    return { addedClientsKept: kept.filter((client) => !CANONICAL_CLIENT_IDS.includes(client.client_id)).length };
  });
}

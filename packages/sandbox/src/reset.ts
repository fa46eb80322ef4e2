/**
 * Empties the store and seeds the canonical world again, in one transaction: what `--reset` does
 * at start and what a test needs for a fresh sandbox per case without restarting it. Clients
 * added with `svc-sandbox clients add` stay, with their credentials.
 */
import { sql } from 'kysely';
import type { Store } from './engine/store/open-store.js';
import { OWNED_TABLES } from './engine/store/owned-tables.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from './features/world/index.js';
import { seedWorld } from './seed.js';

/** What a reset kept. */
export interface ResetOutcome {
  /** Clients added with `svc-sandbox clients add` that are still there, with their credentials. */
  addedClientsKept: number;
}

/** The clients the seed creates (every other one was added). */
const CANONICAL_CLIENT_IDS = [DEFAULT_CLIENT.clientId, DEMO_CLIENT.clientId];

/**
 * Deletes every row of every sandbox table except the institutions (reference data nothing
 * changes), the migrations' bookkeeping and the added clients, sets every counter back to 0
 * (migrations create the counter rows; code increments them and relies on them), then seeds the
 * canonical world. An added client keeps its id, secret, webhook secret, name and configuration;
 * everything it created goes and its test clock is back at the sandbox's (offset 0). The seed
 * gives added clients nothing, so each is as `clients add` left it.
 */
export async function resetStore(store: Store, now: Date): Promise<ResetOutcome> {
  return store.transaction(async (trx) => {
    let addedClientsKept = 0;
    for (const table of OWNED_TABLES) {
      if (table.startsWith('kysely_') || table === 'institutions') {
        continue;
      }
      if (table === 'counters') {
        await trx.updateTable('counters').set({ value: 0 }).execute();
        continue;
      }
      if (table === 'clients') {
        await trx.deleteFrom('clients').where('client_id', 'in', CANONICAL_CLIENT_IDS).execute();
        const kept = await trx.updateTable('clients').set({ clock_offset_ms: 0 }).executeTakeFirst();
        addedClientsKept = Number(kept.numUpdatedRows);
        continue;
      }
      await sql`delete from ${sql.table(table)}`.execute(trx);
    }
    await seedWorld(trx, now);
    return { addedClientsKept };
  });
}

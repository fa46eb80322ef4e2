/**
 * Empties the store and seeds the canonical world again, in one transaction: what a test needs
 * for a fresh sandbox per case without restarting it.
 */
import { sql } from 'kysely';
import type { Store } from './engine/store/open-store.js';
import { OWNED_TABLES } from './engine/store/owned-tables.js';
import { seedWorld } from './seed.js';

/**
 * Deletes every row of every sandbox table except the institutions (reference data nothing
 * changes) and the migrations' bookkeeping, sets every counter back to 0 (migrations create the
 * counter rows; code increments them and relies on them), then seeds the canonical world.
 */
export async function resetStore(store: Store, now: Date): Promise<void> {
  await store.transaction(async (trx) => {
    for (const table of OWNED_TABLES) {
      if (table.startsWith('kysely_') || table === 'institutions') {
        continue;
      }
      if (table === 'counters') {
        await trx.updateTable('counters').set({ value: 0 }).execute();
        continue;
      }
      await sql`delete from ${sql.table(table)}`.execute(trx);
    }
    await seedWorld(trx, now);
  });
}

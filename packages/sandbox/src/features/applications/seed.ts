/**
 * Seeds the connected applications and the default client as a financial institution. Inserts
 * skip rows that exist.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../engine/index.js';
import { type CanonicalWorld, DEFAULT_WORLD } from '../world/index.js';
import { seededApplications } from './applications.js';

/** Inserts the seeded applications and marks `world`'s client as a financial institution, at time `now`. */
export async function seedApplications(
  trx: Transaction<Database>,
  now: Date,
  world: CanonicalWorld = DEFAULT_WORLD,
): Promise<void> {
  await trx
    .insertInto('applications')
    .values(seededApplications())
    .onConflict((conflict) => conflict.column('application_id').doNothing())
    .execute();
  await trx
    .insertInto('financial_institution_clients')
    .values({ client_id: world.clientId, created_at: now.toISOString() })
    .onConflict((conflict) => conflict.column('client_id').doNothing())
    .execute();
}

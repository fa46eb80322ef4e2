/**
 * The cap on a client's live Items ({@link CLIENT_LIMITS}.items): each adds due work to every
 * advance of the client's clock, so their number bounds what one advance costs the others.
 */
import type { Kysely } from 'kysely';
import { CLIENT_LIMITS, clientLimitReached, type Database } from '../../engine/index.js';

/** Refuses a new Item when `clientId` already has {@link CLIENT_LIMITS}.items live ones. */
export async function checkItemRoom(db: Kysely<Database>, clientId: string): Promise<void> {
  const row = await db
    .selectFrom('items')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('client_id', '=', clientId)
    .where('removed_at', 'is', null)
    .executeTakeFirstOrThrow();
  if (Number(row.count) >= CLIENT_LIMITS.items) {
    throw clientLimitReached(
      'live Items',
      CLIENT_LIMITS.items,
      'Remove Items you no longer need with /item/remove, or use another client.',
    );
  }
}

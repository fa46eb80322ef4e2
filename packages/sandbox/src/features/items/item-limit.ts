/**
 * The cap on a client's live Items ({@link CLIENT_LIMITS}.items): each adds due work to every
 * advance of the client's clock, so their number bounds what one advance costs the others.
 *
 * The cap is counted in the transaction that inserts the Item, after a lock of the client's Items
 * (`clientLockStatement`), and sent together with the inserts: two creates at the last place
 * cannot both count it free, and the check costs no round trip of its own. An Item over the cap
 * is refused after its inserts, which the refusal rolls back.
 */
import type { CompiledQuery, QueryResult, Transaction } from 'kysely';
import { CLIENT_LIMITS, clientLimitReached, clientLockStatement, type Database } from '../../engine/index.js';

/**
 * The statements counting a client's live Items: parts of a batch sent together (`together`,
 * spread into its record) before the new Item's inserts.
 */
export type ItemRoomStatements = {
  /** Holds the client's Items until the transaction ends (none on a store that needs none). */
  readonly itemLock: CompiledQuery | undefined;
  /** Counts the client's live Items (`count`). */
  readonly itemCount: CompiledQuery<{ count: number | string }>;
};

/** The statements of {@link ItemRoomStatements} for `clientId` in `trx`. */
export function itemRoomStatements(trx: Transaction<Database>, clientId: string): ItemRoomStatements {
  return {
    itemLock: clientLockStatement(trx, 'items', clientId),
    itemCount: trx
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('client_id', '=', clientId)
      .where('removed_at', 'is', null)
      .compile(),
  };
}

/**
 * Refuses the new Item (throwing, so its transaction rolls back) when the count of
 * {@link itemRoomStatements}, taken before it, is at {@link CLIENT_LIMITS}.items already.
 */
export function refuseItemPastCap(answers: { itemCount: QueryResult<{ count: number | string }> }): void {
  if (Number(answers.itemCount.rows[0]?.count ?? 0) >= CLIENT_LIMITS.items) {
    throw clientLimitReached(
      'live Items',
      CLIENT_LIMITS.items,
      'Remove Items you no longer need with /item/remove, or use another client.',
    );
  }
}

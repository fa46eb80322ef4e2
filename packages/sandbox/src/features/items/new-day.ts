/**
 * The days of an Item created with `transactions`: each day that begins on its client's test
 * clock (00:00 UTC) is due work of kind {@link TRANSACTIONS_DAY} (subject: the Item id), which
 * the account-data feature performs (the day's new transactions) and schedules again for the next
 * day. The first is scheduled with the Item.
 */
import type { Transaction } from 'kysely';
import { scheduleDueWork } from '../../engine/schedule/due-work.js';
import type { Database } from '../../engine/store/database.js';
import { addDays, isoDate } from './calendar.js';

/** The due-work kind of an Item's new day of transactions. */
export const TRANSACTIONS_DAY = 'transactions_day';

/** Schedules the Item's next day after `after` (the start of the next UTC day). */
export async function scheduleNextTransactionsDay(
  trx: Transaction<Database>,
  input: { clientId: string; itemId: string; after: Date; now: Date },
): Promise<void> {
  await scheduleDueWork(trx, {
    clientId: input.clientId,
    dueAt: new Date(`${addDays(isoDate(input.after), 1)}T00:00:00.000Z`),
    kind: TRANSACTIONS_DAY,
    subject: input.itemId,
    now: input.now,
  });
}

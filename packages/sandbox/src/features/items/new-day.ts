/**
 * The days of an Item created with `transactions`: each day that begins on its client's test
 * clock (00:00 UTC) is due work of kind {@link TRANSACTIONS_DAY} (subject: the Item id), which
 * the account-data feature performs (the day's new transactions) and schedules again for the next
 * day. The first is scheduled with the Item.
 */
import type { CompiledQuery, Transaction } from 'kysely';
import { type Database, dueWorkStatement, type NewDueWork, scheduleDueWork } from '../../engine/index.js';
import { addDays, isoDate } from './calendar.js';

/** The due-work kind of an Item's new day of transactions. */
export const TRANSACTIONS_DAY = 'transactions_day';

/** What {@link scheduleNextTransactionsDay} is given. */
interface NextDay {
  clientId: string;
  itemId: string;
  after: Date;
  now: Date;
}

/** The due work of the Item's next day after `after` (the start of the next UTC day). */
function nextDayWork(input: NextDay): NewDueWork {
  return {
    clientId: input.clientId,
    dueAt: new Date(`${addDays(isoDate(input.after), 1)}T00:00:00.000Z`),
    kind: TRANSACTIONS_DAY,
    subject: input.itemId,
    now: input.now,
  };
}

/** Schedules the Item's next day after `after` (the start of the next UTC day). */
export async function scheduleNextTransactionsDay(trx: Transaction<Database>, input: NextDay): Promise<void> {
  await scheduleDueWork(trx, nextDayWork(input));
}

/** The statement of {@link scheduleNextTransactionsDay}, to send together with others (`together.ts`). */
export function nextTransactionsDayStatement(trx: Transaction<Database>, input: NextDay): CompiledQuery {
  return dueWorkStatement(trx, nextDayWork(input));
}

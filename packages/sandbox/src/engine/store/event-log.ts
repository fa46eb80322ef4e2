/**
 * Event ids in commit order. Each client has one event stream per kind (transfer events, bank
 * transfer events), numbered 1, 2, 3, … by a row of the `counters` table that the writing
 * transaction increments as it adds the event.
 *
 * Why a counter row and not a sequence: a sequence hands out ids when they are asked for, so a
 * transaction that takes id 7 and commits after another one took and committed id 8 lets a
 * reader that already read 8 (and continues after 8) miss 7 for ever. Incrementing a row instead
 * locks it until the transaction ends: on PostgreSQL the next writer waits for the row, then sees
 * the committed value (READ COMMITTED re-reads the updated row), so ids are handed out in commit
 * order and a rolled-back transaction gives its id back; SQLite has one writer at a time. Either
 * way the committed ids of a stream are always exactly 1..n, without gaps, so a reader paging
 * with `after_id` never skips an event. Take the id as the last write of the transaction, so the
 * row is held only for the end of it.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from './database.js';
import { type Placeholders, prepareQuery } from './prepared-query.js';

/** The kinds of event streams. */
export type EventStream = 'transfer_events' | 'bank_transfer_events';

/** The `counters` row of a client's stream. */
export function eventCounterName(stream: EventStream, clientId: string): string {
  return `${stream}/${clientId}`;
}

const incrementQuery = prepareQuery((db, p: Placeholders<{ name: string }>) =>
  db
    .insertInto('counters')
    .values({ name: p.name, value: 1 })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: sql<number>`counters.value + 1` }))
    .returning('value'),
);

/**
 * Increments the `counters` row `name` inside `trx` and returns the new value (1 the first time).
 * An upsert, so it needs no row inserted beforehand (a store reset may empty the table). The row
 * stays locked until `trx` ends: concurrent writers get their values in commit order.
 */
export async function incrementCounter(trx: Transaction<Database>, name: string): Promise<number> {
  const row = await incrementQuery.executeTakeFirst(trx, { name });
  if (!row) {
    throw new Error(`the counter ${name} returned no value`);
  }
  return Number(row.value);
}

/**
 * Takes the next event id of `clientId`'s `stream` inside `trx` (1 for the first event). The row
 * stays locked until `trx` ends, so ids are committed in order.
 */
export function nextEventId(trx: Transaction<Database>, stream: EventStream, clientId: string): Promise<number> {
  return incrementCounter(trx, eventCounterName(stream, clientId));
}

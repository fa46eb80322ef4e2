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
 *
 * On PostgreSQL the row is held for less still: {@link withNextEventId} increments it inside the
 * statement that inserts the event (a data-modifying CTE), and that statement is sent as the
 * transaction's finishing statement (`finishing-statement.ts`), together with the commit. The row
 * is then locked only while the server runs that statement and commits, never across a round
 * trip, so one client's writers on every instance queue on it for far less time.
 */
import { type Compilable, type CompiledQuery, type Expression, type QueryCreator, sql, type Transaction } from 'kysely';
import type { Database } from './database.js';
import { type Placeholders, prepareQuery } from './prepared-query.js';
import { statementsCostRoundTrips } from './statement-cost.js';

/** The kind of an event stream: the name of the table its events go to. */
export type EventStream = string;

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

/** The common table expression of {@link withNextEventId}. */
export interface NextEventIdTable {
  next_event_id: { value: number };
}

/**
 * A query creator whose statement first increments the counter row `counterName` (a placeholder
 * of a prepared query, see {@link eventCounterName}) in a data-modifying CTE, for PostgreSQL: the
 * statement built on it inserts the event with `event_id` set to {@link NEXT_EVENT_ID}.
 */
export function withNextEventId(
  db: QueryCreator<Database>,
  counterName: string,
): QueryCreator<Database & NextEventIdTable> {
  return db.with('next_event_id', (creator) =>
    creator
      .insertInto('counters')
      .values({ name: counterName, value: 1 })
      .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: sql<number>`counters.value + 1` }))
      .returning('value'),
  );
}

/** The new event id inside a statement built on {@link withNextEventId}. */
export const NEXT_EVENT_ID = sql<number>`(select value from next_event_id)`;

/** The next value of a counter inside a statement: a value, or an expression reading it. */
export type CounterValue = Expression<number> | number;

/** A statement prepared with the next value of a counter in it ({@link prepareCounted}). */
export interface CountedQuery<P> {
  /**
   * The statement with `params` and the next value of the counter `counterName` (see
   * {@link eventCounterName}) filled in, to run or send together with others in `trx`.
   */
  compile(trx: Transaction<Database>, counterName: string, params: P): Promise<CompiledQuery>;
}

/**
 * Prepares `build`, a statement that stores the next value of a counter (`next`: an event id, a
 * change sequence number). The store decides how the counter is taken: where statements cost a
 * round trip, inside the statement itself (a data-modifying CTE, {@link withNextEventId}), so the
 * statement can be the transaction's finishing one and the counter row is locked only while the
 * server runs it; elsewhere incremented first, its value then bound.
 *
 * @example
 * const appendEvent = prepareCounted((db, p: Placeholders<EventValues>, next) =>
 *   db.insertInto('transfer_events').values({ ...valuesOf(p, EVENT_COLUMNS), event_id: next }));
 * await trx.executeQuery(await appendEvent.compile(trx, eventCounterName('transfer_events', clientId), values));
 */
export function prepareCounted<P extends object>(
  build: (db: QueryCreator<Database>, params: Placeholders<P>, next: CounterValue) => Compilable<unknown>,
): CountedQuery<P> {
  type InOne = P & { counterName: string };
  type AfterIncrement = P & { counterValue: number };
  // The counter's CTE adds a table that only the raw value expression reads: typed as without it.
  const inOneStatement = prepareQuery((db, p: Placeholders<InOne>) =>
    build(withNextEventId(db, p.counterName) as unknown as QueryCreator<Database>, p, NEXT_EVENT_ID),
  );
  const afterIncrement = prepareQuery((db, p: Placeholders<AfterIncrement>) => build(db, p, p.counterValue));
  return {
    async compile(trx, counterName, params) {
      if (statementsCostRoundTrips(trx)) {
        return inOneStatement.compile(trx, { ...params, counterName } as InOne);
      }
      return afterIncrement.compile(trx, {
        ...params,
        counterValue: await incrementCounter(trx, counterName),
      } as AfterIncrement);
    },
  };
}

/**
 * The next value of the counter `counterName` for a statement built on `db` (one that is not
 * prepared: its shape varies), the way {@link prepareCounted} takes it.
 */
export async function counted(
  trx: Transaction<Database>,
  counterName: string,
): Promise<{ db: QueryCreator<Database>; next: CounterValue }> {
  if (statementsCostRoundTrips(trx)) {
    return { db: withNextEventId(trx, counterName) as unknown as QueryCreator<Database>, next: NEXT_EVENT_ID };
  }
  return { db: trx, next: await incrementCounter(trx, counterName) };
}

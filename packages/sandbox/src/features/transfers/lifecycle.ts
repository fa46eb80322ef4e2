/**
 * The lifecycle transfers and bank transfers share, parameterised by their tables
 * ({@link LifecycleTables}): a record is created `pending` with its first event, read by id (also
 * with its Item's webhook URL, or by an idempotency key), listed in pages (`list-positions.ts`),
 * moved between statuses by conditional updates (of two concurrent moves exactly one wins),
 * cancelled while `pending` and cancellable, and every change appends an event to the client's
 * stream (ids in commit order, taken last: `finishWith`), read back after an id. What differs
 * between the two (the statuses and their rules, the columns an event copies, the funds a move
 * shifts, the errors) stays with each feature.
 *
 * The statements are written once over the tables' names, so the query builder sees the store's
 * schema loosely ({@link LooseSchema}); each lifecycle's row types are checked where it is
 * declared ({@link TableOf}).
 */
import type { CompiledQuery, Kysely, QueryCreator, Transaction } from 'kysely';
import {
  affectedRows,
  type Database,
  ENVIRONMENT,
  eventCounterName,
  finishWith,
  type HandlerContext,
  type KeyOfRecord,
  type Placeholders,
  prepareCounted,
  prepareQuery,
  type RecordOfKey,
  resourceIdOfKey,
  together,
  valuesOf,
  webhookStatement,
} from '../../engine/index.js';
import { type ListRequest, listPage } from './list-filters.js';
import { type PositionedTable, positionRange } from './list-positions.js';
import type { ListWindow } from './list-window.js';

type Db = Kysely<Database> | Transaction<Database>;

/** The store's tables whose rows are `Row`: what a lifecycle's table names are checked against. */
export type TableOf<Row> = { [T in keyof Database & string]: Database[T] extends Row ? T : never }[keyof Database &
  string];

/** What every record of a lifecycle has. */
export interface LifecycleRecord {
  client_id: string;
  item_id: string;
  status: string;
  cancellable: number;
  created: string;
  origination_account_id: string;
  failure_reason: string | null;
}

/** What every event of a lifecycle has besides its columns copied from the record. */
export interface LifecycleEvent {
  client_id: string;
  event_id: number;
}

/** An event as it is appended: its id is taken from the client's stream. */
export type NewEvent<Event> = Omit<Event, 'event_id'>;

/** The tables and columns of one lifecycle, and the webhook that tells of new events. */
export interface LifecycleTables<Row extends LifecycleRecord, Event extends LifecycleEvent> extends PositionedTable {
  records: TableOf<Row>;
  id: keyof Row & string;
  /** Every column of a record (`columnsOf`), as its insert names them. */
  recordColumns: readonly (keyof Row & string)[];
  /** The events' table, also the name of each client's event stream. */
  events: TableOf<Event>;
  /** Every column of an event but its id (`columnsOf`). */
  eventColumns: readonly (keyof NewEvent<Event> & string)[];
  /** The webhook queued when a move adds an event (`TRANSFER_EVENTS_UPDATE`, say). */
  eventsUpdate: { webhook_type: string; webhook_code: string };
  /** What a record is called in internal errors (`transfer`). */
  noun: string;
}

/** What a move writes over a record: its status and `cancellable`, and the failure reason if given. */
export type MoveFields<Row extends LifecycleRecord> = Pick<Row, 'status' | 'cancellable'> &
  Partial<Pick<Row, 'failure_reason'>>;

/** Filters of a list page: a column's value (null: any). */
export type Filters<Row> = Readonly<Partial<Record<keyof Row & string, string | null>>>;

/** A record with the webhook URL of its Item (null: none). */
export type WithWebhook<Row> = Row & { item_webhook: string | null };

/** The query builder over the store's schema seen loosely: any table, any column (see the module's comment). */
type LooseSchema = Record<string, Record<string, unknown>>;

/** `db` as the lifecycle's statements are built on it. */
function loose(db: QueryCreator<Database>): QueryCreator<LooseSchema> {
  return db as unknown as QueryCreator<LooseSchema>;
}

/** The client's record `id`. */
interface RecordKey {
  id: string;
  clientId: string;
}

/** The statements and steps of one lifecycle over its tables (see the module's comment). */
export interface Lifecycle<Row extends LifecycleRecord, Event extends LifecycleEvent> {
  /** The client's record `id`, if any. */
  recordOf(db: Db, clientId: string, id: string): Promise<Row | undefined>;
  /** The statement of {@link recordOf}, to send together with others (`together.ts`). */
  recordStatement(db: Db, clientId: string, id: string): CompiledQuery<Row>;
  /** How a create reads the record an idempotency key names (`idempotency.ts` `keyClaim`). */
  recordOfKey: RecordOfKey<Row>;
  /**
   * The statement reading the client's record `id` with its Item's webhook URL (what a move's
   * events update webhook is sent to), to send together with others.
   */
  withWebhookStatement(db: Db, clientId: string, id: string): CompiledQuery<WithWebhook<Row>>;
  /**
   * Stores a new record and its first event (`event`), the event last, with the commit where
   * statements cost round trips: call it last in the transaction. The `alongside` statements
   * (work scheduled for the record, say) run between the two, sent with them.
   */
  insert(
    trx: Transaction<Database>,
    row: Row,
    event: NewEvent<Event>,
    alongside?: readonly CompiledQuery[],
  ): Promise<void>;
  /**
   * The statement of one page of the client's records, newest first (ties by id, descending), to
   * send together with others. With every filter null (a column's value; null: any) the page is a
   * range of list positions (`list-positions.ts`: one seek at any offset); with one, the page's
   * ids are found in the records' list index alone (covering: the offset walks index entries,
   * not rows), then only those rows are read.
   */
  pageStatement(db: Db, clientId: string, window: ListWindow, filters: Filters<Row>): CompiledQuery<Row>;
  /**
   * The page a list request asks for (`list-filters.ts`: its window and origination account
   * checked), filtered also by `filters` (a column's value; null: any), as {@link pageStatement}
   * reads it.
   */
  list(request: ListRequest, context: HandlerContext, filters?: Filters<Row>): Promise<Row[]>;
  /**
   * The statement writing `fields` over the client's record `id` if its status is one of `from`
   * (not empty), in one conditional update (of two concurrent moves exactly one wins): it changed
   * one row if and only if this call moved it. To send together with the read that decides
   * whether the move is allowed; the caller rolls the transaction back when it is not.
   */
  moveStatement(
    trx: Transaction<Database>,
    clientId: string,
    id: string,
    from: readonly Row['status'][],
    fields: MoveFields<Row>,
  ): CompiledQuery;
  /**
   * Cancels the client's record `id` if it is `pending` with `cancellable` set, in a transaction
   * whose first flight holds the conditional update (of two concurrent cancels exactly one wins)
   * and the record as it is after it. When the update changed no row, `refuse` throws the refusal
   * of the record as it is now (undefined: the client has none); otherwise `finish` adds what
   * follows the cancel (its event last) to the transaction.
   */
  cancel(
    context: HandlerContext,
    id: string,
    refuse: (current: Row | undefined) => void,
    finish: (trx: Transaction<Database>, cancelled: Row) => Promise<void>,
  ): Promise<void>;
  /** The statement appending `event` to its client's stream, with the next id of the stream. */
  eventStatement(trx: Transaction<Database>, event: NewEvent<Event>): Promise<CompiledQuery>;
  /**
   * Appends `event` as the last statement of the transaction (call it last). The `alongside`
   * statements (a webhook of the change, say) run right before it; the store sends them all with
   * the commit where statements cost round trips (`finishing-statement.ts`).
   */
  finishWithEvent(
    trx: Transaction<Database>,
    event: NewEvent<Event>,
    alongside?: readonly CompiledQuery[],
  ): Promise<void>;
  /**
   * The statement queueing the events update webhook of `row` to `url` (the webhook URL of its
   * Item), linked to request `requestId`: none when `url` is null.
   */
  eventsUpdateWebhook(
    trx: Transaction<Database>,
    row: Row,
    url: string | null,
    now: Date,
    requestId: string | null,
  ): CompiledQuery[];
  /** The page of an event sync request: up to `count` (default `defaultCount`) of the client's events after `after_id`, in event order. */
  eventsAfter(
    context: HandlerContext,
    request: { after_id: number; count?: number },
    defaultCount: number,
  ): Promise<Event[]>;
}

/** The lifecycle over `tables`. */
export function lifecycleOf<Row extends LifecycleRecord, Event extends LifecycleEvent>(
  tables: LifecycleTables<Row, Event>,
): Lifecycle<Row, Event> {
  // Plain names from here on: the builder sees the schema loosely.
  const records: string = tables.records;
  const idColumn: string = tables.id;
  const events: string = tables.events;
  const ref = (column: string) => `${records}.${column}`;

  const recordQuery = prepareQuery<RecordKey, Row>((db, p: Placeholders<RecordKey>) =>
    loose(db).selectFrom(records).selectAll().where(idColumn, '=', p.id).where('client_id', '=', p.clientId),
  );
  const recordOfKeyQuery = prepareQuery<KeyOfRecord, Row>((db, p: Placeholders<KeyOfRecord>) =>
    loose(db)
      .selectFrom(records)
      .selectAll()
      .where('client_id', '=', p.clientId)
      .where(idColumn, '=', resourceIdOfKey(db, p)),
  );
  const withWebhookQuery = prepareQuery<RecordKey, WithWebhook<Row>>((db, p: Placeholders<RecordKey>) =>
    loose(db)
      .selectFrom(records)
      .selectAll(records)
      .select((eb) =>
        eb
          .selectFrom('items')
          .select('items.webhook')
          .whereRef('items.item_id', '=', ref('item_id'))
          .as('item_webhook'),
      )
      .where(ref(idColumn), '=', p.id)
      .where(ref('client_id'), '=', p.clientId),
  );
  const insertQuery = prepareQuery((db, p: Placeholders<Row>) =>
    loose(db).insertInto(records).values(valuesOf(p, tables.recordColumns)),
  );
  const cancelQuery = prepareQuery((db, p: Placeholders<RecordKey>) =>
    loose(db)
      .updateTable(records)
      .set({ status: 'cancelled', cancellable: 0 })
      .where(idColumn, '=', p.id)
      .where('client_id', '=', p.clientId)
      .where('status', '=', 'pending')
      .where('cancellable', '=', 1),
  );
  const appendEventQuery = prepareCounted((db, p: Placeholders<NewEvent<Event>>, next) =>
    loose(db)
      .insertInto(events)
      .values({ ...valuesOf(p, tables.eventColumns), event_id: next }),
  );

  const recordOf = (db: Db, clientId: string, id: string) => recordQuery.executeTakeFirst(db, { id, clientId });
  const recordStatement = (db: Db, clientId: string, id: string) => recordQuery.compile(db, { id, clientId });
  const eventStatement = (trx: Transaction<Database>, event: NewEvent<Event>) =>
    appendEventQuery.compile(trx, eventCounterName(events, event.client_id), event);
  const finishWithEvent = async (
    trx: Transaction<Database>,
    event: NewEvent<Event>,
    alongside: readonly CompiledQuery[] = [],
  ): Promise<void> => {
    const append = await eventStatement(trx, event);
    // The event id stays the last write: its counter row is held for the least time.
    await finishWith(trx, () => together(trx, [...alongside, append]));
  };

  const pageStatement: Lifecycle<Row, Event>['pageStatement'] = (db, clientId, window, filters) => {
    const by = Object.entries(filters).filter((entry): entry is [string, string] => entry[1] !== null);
    if (by.length === 0) {
      const range = positionRange(tables, clientId, window);
      let page = loose(db)
        .selectFrom(`${tables.positions} as position`)
        .innerJoin(records, ref(idColumn), `position.${idColumn}`)
        .selectAll(records)
        .where('position.client_id', '=', clientId)
        .where('position.list_position', '<=', range.upper);
      if (range.lower !== null) {
        page = page.where('position.list_position', '>=', range.lower);
      }
      return page.orderBy('position.list_position', 'desc').limit(window.count).compile() as CompiledQuery<Row>;
    }
    let page = loose(db).selectFrom(records).select(idColumn).where('client_id', '=', clientId);
    if (window.start !== null) {
      page = page.where('created', '>=', window.start);
    }
    if (window.end !== null) {
      page = page.where('created', '<=', window.end);
    }
    for (const [column, value] of by) {
      page = page.where(column, '=', value);
    }
    const ids = page.orderBy('created', 'desc').orderBy(idColumn, 'desc').limit(window.count).offset(window.offset);
    return loose(db)
      .selectFrom(ids.as('page'))
      .innerJoin(records, ref(idColumn), `page.${idColumn}`)
      .selectAll(records)
      .orderBy(ref('created'), 'desc')
      .orderBy(ref(idColumn), 'desc')
      .compile() as CompiledQuery<Row>;
  };

  return {
    recordOf,
    recordStatement,
    recordOfKey: { byKey: (trx, key) => recordOfKeyQuery.compile(trx, key), byId: recordOf },
    withWebhookStatement: (db, clientId, id) => withWebhookQuery.compile(db, { id, clientId }),

    async insert(trx, row, event, alongside = []) {
      await finishWithEvent(trx, event, [insertQuery.compile(trx, row), ...alongside]);
    },

    pageStatement,

    moveStatement(trx, clientId, id, from, fields) {
      return loose(trx)
        .updateTable(records)
        .set(fields)
        .where(idColumn, '=', id)
        .where('client_id', '=', clientId)
        .where('status', 'in', from)
        .compile();
    },

    list(request, context, filters) {
      return listPage(request, context, (window, origination) =>
        pageStatement(context.store.db, context.client.client_id, window, {
          origination_account_id: origination,
          ...filters,
        } as Filters<Row>),
      );
    },

    async cancel(context, id, refuse, finish) {
      const clientId = context.client.client_id;
      await context.store.transaction(async (trx) => {
        // One flight: the cancel (a conditional update), then the record as it is after it.
        const { cancelled, found } = await together(trx, {
          cancelled: cancelQuery.compile(trx, { id, clientId }),
          found: recordStatement(trx, clientId, id),
        });
        const row = found.rows[0];
        if (affectedRows(cancelled) !== 1 || !row) {
          // Not cancellable (also when a concurrent call changed it first): refused on the row as it is now.
          refuse(row);
          throw new Error(`${tables.noun} ${id} is cancellable but its cancel changed no row`);
        }
        await finish(trx, row);
      });
    },

    eventStatement,
    finishWithEvent,

    eventsUpdateWebhook(trx, row, url, now, requestId) {
      if (url === null) {
        return [];
      }
      const payload = { ...tables.eventsUpdate, item_id: row.item_id, environment: ENVIRONMENT };
      return [webhookStatement(trx, { clientId: row.client_id, itemId: row.item_id, url, payload, now, requestId })];
    },

    async eventsAfter(context, request, defaultCount) {
      const rows = await loose(context.store.db)
        .selectFrom(events)
        .selectAll()
        .where('client_id', '=', context.client.client_id)
        .where('event_id', '>', request.after_id)
        .orderBy('event_id')
        .limit(request.count ?? defaultCount)
        .execute();
      return rows as Event[];
    },
  };
}

/**
 * Transfer authorizations, transfers and transfer events in the store. Functions taking a
 * `Transaction` run inside the caller's; every read is limited to one client.
 */
import type { CompiledQuery, Kysely, Selectable, Transaction } from 'kysely';
import {
  columnsOf,
  type Database,
  eventCounterName,
  finishWith,
  type KeyOfRecord,
  type Placeholders,
  prepareCounted,
  prepareQuery,
  type RecordOfKey,
  resourceIdOfKey,
  together,
  valuesOf,
} from '../../engine/index.js';
import { positionRange } from './list-positions.js';
import type { ListWindow } from './list-window.js';
import type { TransferAuthorizationsTable, TransferEventsTable, TransfersTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored authorization. */
export type AuthorizationRow = Selectable<TransferAuthorizationsTable>;
/** A stored transfer. */
export type TransferRow = Selectable<TransfersTable>;
/** A stored transfer event. */
export type TransferEventRow = Selectable<TransferEventsTable>;

const AUTHORIZATION_COLUMNS = columnsOf<TransferAuthorizationsTable>({
  authorization_id: true,
  client_id: true,
  item_id: true,
  account_id: true,
  created: true,
  decision: true,
  decision_rationale: true,
  type: true,
  network: true,
  ach_class: true,
  amount: true,
  user_details: true,
  origination_account_id: true,
  transfer_id: true,
});

const insertAuthorizationQuery = prepareQuery((db, p: Placeholders<TransferAuthorizationsTable>) =>
  db.insertInto('transfer_authorizations').values(valuesOf(p, AUTHORIZATION_COLUMNS)),
);

/** Stores an authorization, as the last statement of the transaction (call it last). */
export async function insertAuthorization(trx: Transaction<Database>, row: TransferAuthorizationsTable): Promise<void> {
  await finishWith(trx, () => insertAuthorizationQuery.execute(trx, row));
}

const authorizationQuery = prepareQuery((db, p: Placeholders<{ id: string; clientId: string }>) =>
  db
    .selectFrom('transfer_authorizations')
    .selectAll()
    .where('authorization_id', '=', p.id)
    .where('client_id', '=', p.clientId),
);

/** The client's authorization `id`, if any. */
export function authorizationOf(db: Db, clientId: string, id: string): Promise<AuthorizationRow | undefined> {
  return authorizationQuery.executeTakeFirst(db, { id, clientId });
}

/** The statement of {@link authorizationOf}, to send together with others (`together.ts`). */
export function authorizationStatement(db: Db, clientId: string, id: string): CompiledQuery<AuthorizationRow> {
  return authorizationQuery.compile(db, { id, clientId });
}

const useClientsAuthorizationQuery = prepareQuery(
  (db, p: Placeholders<{ authorizationId: string; clientId: string; transferId: string }>) =>
    db
      .updateTable('transfer_authorizations')
      .set({ transfer_id: p.transferId })
      .where('authorization_id', '=', p.authorizationId)
      .where('client_id', '=', p.clientId)
      .where('transfer_id', 'is', null),
);

/**
 * The statement marking the client's authorization as used by `transferId`, unless it was used
 * already (also by a concurrent request: the conditional update lets exactly one win), to send
 * together with the reads that decide whether it may be used (`together.ts`): it changed one row
 * if and only if this call used it; the caller rolls the transaction back when the decision refuses.
 */
export function useAuthorizationStatement(
  trx: Transaction<Database>,
  clientId: string,
  authorizationId: string,
  transferId: string,
): CompiledQuery<unknown> {
  return useClientsAuthorizationQuery.compile(trx, { authorizationId, clientId, transferId });
}

/** The columns of a transfer event but its id (taken from the stream's counter). */
const TRANSFER_EVENT_COLUMNS = columnsOf<Omit<TransferEventsTable, 'event_id'>>({
  client_id: true,
  transfer_id: true,
  event_type: true,
  timestamp: true,
  account_id: true,
  origination_account_id: true,
  transfer_type: true,
  transfer_amount: true,
  failure_reason: true,
  request_id: true,
});

/** The transfer the event of a transfer copies its fields from. */
type EventSource = Pick<
  TransfersTable,
  'client_id' | 'transfer_id' | 'account_id' | 'origination_account_id' | 'type' | 'amount' | 'failure_reason'
>;

/** The event (without its id) of `transfer` entering `eventType` at `timestamp`, caused by `requestId`. */
function transferEventOf(
  transfer: EventSource,
  eventType: TransferEventsTable['event_type'],
  timestamp: string,
  requestId: string | null,
): Omit<TransferEventsTable, 'event_id'> {
  return {
    client_id: transfer.client_id,
    transfer_id: transfer.transfer_id,
    event_type: eventType,
    timestamp,
    account_id: transfer.account_id,
    origination_account_id: transfer.origination_account_id,
    transfer_type: transfer.type,
    transfer_amount: transfer.amount,
    failure_reason: transfer.failure_reason,
    request_id: requestId,
  };
}

/** The event with the next id of its client's stream. */
const appendTransferEventQuery = prepareCounted((db, p: Placeholders<Omit<TransferEventsTable, 'event_id'>>, next) =>
  db.insertInto('transfer_events').values({ ...valuesOf(p, TRANSFER_EVENT_COLUMNS), event_id: next }),
);

/**
 * Appends an event about `transfer` to its client's stream as the last statement of the
 * transaction (call it last), linked to the request that caused it (`requestId`; null for none).
 * The `alongside` statements (a webhook of the change, say) run right before it; the store sends
 * them all with the commit where statements cost round trips (`finishing-statement.ts`).
 */
export async function finishWithTransferEvent(
  trx: Transaction<Database>,
  transfer: EventSource,
  eventType: TransferEventsTable['event_type'],
  timestamp: string,
  requestId: string | null,
  alongside: readonly CompiledQuery[] = [],
): Promise<void> {
  const event = await appendTransferEventQuery.compile(
    trx,
    eventCounterName('transfer_events', transfer.client_id),
    transferEventOf(transfer, eventType, timestamp, requestId),
  );
  // The event id stays the last write: its counter row is held for the least time.
  await finishWith(trx, () => together(trx, [...alongside, event]));
}

const TRANSFER_COLUMNS = columnsOf<TransfersTable>({
  transfer_id: true,
  client_id: true,
  item_id: true,
  authorization_id: true,
  account_id: true,
  ach_class: true,
  amount: true,
  status: true,
  cancellable: true,
  created: true,
  description: true,
  failure_reason: true,
  metadata: true,
  network: true,
  origination_account_id: true,
  type: true,
  user_details: true,
});

const insertTransferQuery = prepareQuery((db, p: Placeholders<TransfersTable>) =>
  db.insertInto('transfers').values(valuesOf(p, TRANSFER_COLUMNS)),
);

/**
 * Stores a new transfer and its `pending` event (the event last: call it last in the
 * transaction), created by request `requestId` (null for none).
 */
export async function insertTransfer(
  trx: Transaction<Database>,
  row: TransfersTable,
  requestId: string | null,
): Promise<void> {
  await finishWithTransferEvent(trx, row, row.status, row.created, requestId, [insertTransferQuery.compile(trx, row)]);
}

const transferQuery = prepareQuery((db, p: Placeholders<{ id: string; clientId: string }>) =>
  db.selectFrom('transfers').selectAll().where('transfer_id', '=', p.id).where('client_id', '=', p.clientId),
);

/** The client's transfer `id`, if any. */
export function transferOf(db: Db, clientId: string, id: string): Promise<TransferRow | undefined> {
  return transferQuery.executeTakeFirst(db, { id, clientId });
}

const transferOfKeyQuery = prepareQuery((db, p: Placeholders<KeyOfRecord>) =>
  db
    .selectFrom('transfers')
    .selectAll()
    .where('client_id', '=', p.clientId)
    .where('transfer_id', '=', resourceIdOfKey(db, p)),
);

/** How a create reads the transfer an idempotency key names (`idempotency.ts` `keyClaim`). */
export const transferOfKey: RecordOfKey<TransferRow> = {
  byKey: (trx, key) => transferOfKeyQuery.compile(trx, key),
  byId: transferOf,
};

/**
 * The statement of one page of the client's transfers, newest first (ties by id, descending),
 * to send together with others (`together.ts`). Without an origination account filter the page
 * is a range of list positions (`list-positions.ts`: one seek at any offset). With one, the
 * page's ids are found in `transfers_list` alone (a covering index: the offset walks index
 * entries, not rows), then only those rows are read.
 */
export function transferPageStatement(
  db: Db,
  clientId: string,
  window: ListWindow,
  originationAccountId: string | null,
): CompiledQuery<TransferRow> {
  if (originationAccountId === null) {
    const range = positionRange('transfers', clientId, window);
    let page = db
      .selectFrom('transfer_list_positions as position')
      .innerJoin('transfers', 'transfers.transfer_id', 'position.transfer_id')
      .selectAll('transfers')
      .where('position.client_id', '=', clientId)
      .where('position.list_position', '<=', range.upper);
    if (range.lower !== null) {
      page = page.where('position.list_position', '>=', range.lower);
    }
    return page.orderBy('position.list_position', 'desc').limit(window.count).compile();
  }
  let page = db.selectFrom('transfers').select('transfer_id').where('client_id', '=', clientId);
  if (window.start !== null) {
    page = page.where('created', '>=', window.start);
  }
  if (window.end !== null) {
    page = page.where('created', '<=', window.end);
  }
  if (originationAccountId !== null) {
    page = page.where('origination_account_id', '=', originationAccountId);
  }
  const ids = page.orderBy('created', 'desc').orderBy('transfer_id', 'desc').limit(window.count).offset(window.offset);
  return db
    .selectFrom(ids.as('page'))
    .innerJoin('transfers', 'transfers.transfer_id', 'page.transfer_id')
    .selectAll('transfers')
    .orderBy('transfers.created', 'desc')
    .orderBy('transfers.transfer_id', 'desc')
    .compile();
}

const cancelTransferQuery = prepareQuery((db, p: Placeholders<{ id: string; clientId: string }>) =>
  db
    .updateTable('transfers')
    .set({ status: 'cancelled', cancellable: 0 })
    .where('transfer_id', '=', p.id)
    .where('client_id', '=', p.clientId)
    .where('status', '=', 'pending')
    .where('cancellable', '=', 1),
);

/**
 * The statement cancelling the client's transfer `id` if it is `pending` with `cancellable` set,
 * in one conditional update (of two concurrent cancels exactly one wins): it changed one row if
 * and only if this call cancelled it. Send it together with {@link transferStatement} behind it
 * (`together.ts`), which then reads the transfer as it is after the cancel; the caller adds the
 * `cancelled` event ({@link finishWithTransferEvent}) or refuses on the row read.
 */
export function cancelTransferStatement(trx: Transaction<Database>, clientId: string, id: string): CompiledQuery {
  return cancelTransferQuery.compile(trx, { id, clientId });
}

/** The statement of {@link transferOf}, to send together with others (`together.ts`). */
export function transferStatement(db: Db, clientId: string, id: string): CompiledQuery<TransferRow> {
  return transferQuery.compile(db, { id, clientId });
}

/** A transfer with the webhook URL of its Item (null: none). */
export type TransferWithWebhook = TransferRow & { item_webhook: string | null };

const transferWithWebhookQuery = prepareQuery((db, p: Placeholders<{ id: string; clientId: string }>) =>
  db
    .selectFrom('transfers')
    .selectAll('transfers')
    .select((eb) =>
      eb
        .selectFrom('items')
        .select('items.webhook')
        .whereRef('items.item_id', '=', 'transfers.item_id')
        .as('item_webhook'),
    )
    .where('transfers.transfer_id', '=', p.id)
    .where('transfers.client_id', '=', p.clientId),
);

/**
 * The statement reading the client's transfer `id` with its Item's webhook URL (what a move's
 * `TRANSFER_EVENTS_UPDATE` is sent to), to send together with others (`together.ts`).
 */
export function transferWithWebhookStatement(db: Db, clientId: string, id: string): CompiledQuery<TransferWithWebhook> {
  return transferWithWebhookQuery.compile(db, { id, clientId });
}

/**
 * The statement writing `moved` (its status, `cancellable` and failure reason) over the stored
 * transfer if it is in one of the statuses `from` (not empty), in one conditional update (of two
 * concurrent moves exactly one wins): it changed one row if and only if this call moved it. To
 * send together with the read that decides whether the move is allowed (`together.ts`); the
 * caller rolls the transaction back when it is not.
 */
export function moveTransferStatement(
  trx: Transaction<Database>,
  from: readonly TransferRow['status'][],
  moved: Pick<TransferRow, 'transfer_id' | 'client_id' | 'status' | 'cancellable' | 'failure_reason'>,
): CompiledQuery {
  return trx
    .updateTable('transfers')
    .set({ status: moved.status, cancellable: moved.cancellable, failure_reason: moved.failure_reason })
    .where('transfer_id', '=', moved.transfer_id)
    .where('client_id', '=', moved.client_id)
    .where('status', 'in', from)
    .compile();
}

/** Up to `count` of the client's transfer events after `afterId`, in event order. */
export async function transferEventsAfter(
  db: Db,
  clientId: string,
  afterId: number,
  count: number,
): Promise<TransferEventRow[]> {
  return db
    .selectFrom('transfer_events')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('event_id', '>', afterId)
    .orderBy('event_id')
    .limit(count)
    .execute();
}

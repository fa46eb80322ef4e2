/**
 * Transfer authorizations, transfers and transfer events in the store. Functions taking a
 * `Transaction` run inside the caller's; every read is limited to one client.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database } from '../../engine/store/database.js';
import { nextEventId } from '../../engine/store/event-log.js';
import {
  affectedRows,
  columnsOf,
  type Placeholders,
  prepareQuery,
  valuesOf,
} from '../../engine/store/prepared-query.js';
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

/** Stores an authorization. */
export async function insertAuthorization(trx: Transaction<Database>, row: TransferAuthorizationsTable): Promise<void> {
  await insertAuthorizationQuery.execute(trx, row);
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

const useAuthorizationQuery = prepareQuery((db, p: Placeholders<{ authorizationId: string; transferId: string }>) =>
  db
    .updateTable('transfer_authorizations')
    .set({ transfer_id: p.transferId })
    .where('authorization_id', '=', p.authorizationId)
    .where('transfer_id', 'is', null),
);

/**
 * Marks an authorization as used by `transferId`, unless it was used already (also by a
 * concurrent request: the conditional update lets exactly one win). Returns whether this call did.
 */
export async function useAuthorization(
  trx: Transaction<Database>,
  authorizationId: string,
  transferId: string,
): Promise<boolean> {
  return affectedRows(await useAuthorizationQuery.executeResult(trx, { authorizationId, transferId })) === 1;
}

const insertTransferEventQuery = prepareQuery((db, p: Placeholders<TransferEventsTable>) =>
  db.insertInto('transfer_events').values(
    valuesOf(
      p,
      columnsOf<TransferEventsTable>({
        client_id: true,
        event_id: true,
        transfer_id: true,
        event_type: true,
        timestamp: true,
        account_id: true,
        origination_account_id: true,
        transfer_type: true,
        transfer_amount: true,
        failure_reason: true,
        request_id: true,
      }),
    ),
  ),
);

/**
 * Appends an event about `transfer` to its client's stream (take it last in the transaction),
 * linked to the request that caused it (`requestId`; null for none).
 */
export async function appendTransferEvent(
  trx: Transaction<Database>,
  transfer: Pick<
    TransfersTable,
    'client_id' | 'transfer_id' | 'account_id' | 'origination_account_id' | 'type' | 'amount' | 'failure_reason'
  >,
  eventType: TransferEventsTable['event_type'],
  timestamp: string,
  requestId: string | null,
): Promise<number> {
  const eventId = await nextEventId(trx, 'transfer_events', transfer.client_id);
  await insertTransferEventQuery.execute(trx, {
    client_id: transfer.client_id,
    event_id: eventId,
    transfer_id: transfer.transfer_id,
    event_type: eventType,
    timestamp,
    account_id: transfer.account_id,
    origination_account_id: transfer.origination_account_id,
    transfer_type: transfer.type,
    transfer_amount: transfer.amount,
    failure_reason: transfer.failure_reason,
    request_id: requestId,
  });
  return eventId;
}

const insertTransferQuery = prepareQuery((db, p: Placeholders<TransfersTable>) =>
  db.insertInto('transfers').values(
    valuesOf(
      p,
      columnsOf<TransfersTable>({
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
      }),
    ),
  ),
);

/** Stores a new transfer and its `pending` event, created by request `requestId` (null for none). */
export async function insertTransfer(
  trx: Transaction<Database>,
  row: TransfersTable,
  requestId: string | null,
): Promise<void> {
  await insertTransferQuery.execute(trx, row);
  await appendTransferEvent(trx, row, row.status, row.created, requestId);
}

const transferQuery = prepareQuery((db, p: Placeholders<{ id: string; clientId: string }>) =>
  db.selectFrom('transfers').selectAll().where('transfer_id', '=', p.id).where('client_id', '=', p.clientId),
);

/** The client's transfer `id`, if any. */
export function transferOf(db: Db, clientId: string, id: string): Promise<TransferRow | undefined> {
  return transferQuery.executeTakeFirst(db, { id, clientId });
}

/** One page of the client's transfers, newest first (ties by id, descending). */
export async function listTransfers(
  db: Db,
  clientId: string,
  window: ListWindow,
  originationAccountId: string | null,
): Promise<TransferRow[]> {
  let query = db.selectFrom('transfers').selectAll().where('client_id', '=', clientId);
  if (window.start !== null) {
    query = query.where('created', '>=', window.start);
  }
  if (window.end !== null) {
    query = query.where('created', '<=', window.end);
  }
  if (originationAccountId !== null) {
    query = query.where('origination_account_id', '=', originationAccountId);
  }
  return query
    .orderBy('created', 'desc')
    .orderBy('transfer_id', 'desc')
    .limit(window.count)
    .offset(window.offset)
    .execute();
}

/**
 * Cancels the client's transfer if it is `pending` with `cancellable` set, in one conditional
 * update (of two concurrent cancels exactly one wins), and adds the `cancelled` event. Returns
 * whether this call cancelled it. The event links to request `requestId`.
 */
export async function cancelTransfer(
  trx: Transaction<Database>,
  transfer: TransferRow,
  now: Date,
  requestId: string,
): Promise<boolean> {
  const updated = await trx
    .updateTable('transfers')
    .set({ status: 'cancelled', cancellable: 0 })
    .where('transfer_id', '=', transfer.transfer_id)
    .where('client_id', '=', transfer.client_id)
    .where('status', '=', 'pending')
    .where('cancellable', '=', 1)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) !== 1) {
    return false;
  }
  await appendTransferEvent(trx, transfer, 'cancelled', now.toISOString(), requestId);
  return true;
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

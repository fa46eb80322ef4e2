/**
 * Transfer authorizations, transfers and transfer events in the store (the transfers' lifecycle:
 * `lifecycle.ts`). Functions taking a `Transaction` run inside the caller's; every read is limited
 * to one client.
 */
import type { CompiledQuery, Kysely, Selectable, Transaction } from 'kysely';
import { columnsOf, type Database, finishWith, type Placeholders, prepareQuery, valuesOf } from '../../engine/index.js';
import { type Lifecycle, lifecycleOf, type NewEvent } from './lifecycle.js';
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

/** The update marking the client's authorization used by the transfer, unless it was used already. */
const useClientsAuthorization = (
  db: Kysely<Database>,
  p: Placeholders<{ authorizationId: string; clientId: string; transferId: string }>,
) =>
  db
    .updateTable('transfer_authorizations')
    .set({ transfer_id: p.transferId })
    .where('authorization_id', '=', p.authorizationId)
    .where('client_id', '=', p.clientId)
    .where('transfer_id', 'is', null);

const useClientsAuthorizationQuery = prepareQuery(useClientsAuthorization);

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

const useClientsAuthorizationReturningQuery = prepareQuery(
  (db, p: Placeholders<{ authorizationId: string; clientId: string; transferId: string }>) =>
    useClientsAuthorization(db, p).returningAll(),
);

/**
 * {@link useAuthorizationStatement} answering the authorization as it is after its use: a row if
 * and only if this call used it (where statements cost no round trip, instead of a read before).
 */
export function useAuthorizationReturningStatement(
  trx: Transaction<Database>,
  clientId: string,
  authorizationId: string,
  transferId: string,
): CompiledQuery<AuthorizationRow> {
  return useClientsAuthorizationReturningQuery.compile(trx, { authorizationId, clientId, transferId });
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

/**
 * The transfers' lifecycle (`lifecycle.ts`): reads, list pages, moves, the cancel and the event
 * stream of `transfers` and `transfer_events`.
 */
export const transferLifecycle: Lifecycle<TransferRow, TransferEventRow> = lifecycleOf({
  records: 'transfers',
  id: 'transfer_id',
  recordColumns: TRANSFER_COLUMNS,
  positions: 'transfer_list_positions',
  events: 'transfer_events',
  eventColumns: TRANSFER_EVENT_COLUMNS,
  eventsUpdate: { webhook_type: 'TRANSFER', webhook_code: 'TRANSFER_EVENTS_UPDATE' },
  noun: 'transfer',
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
): NewEvent<TransferEventRow> {
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

/**
 * Appends an event about `transfer` to its client's stream as the last statement of the
 * transaction (call it last), linked to the request that caused it (`requestId`; null for none).
 * The `alongside` statements (a webhook of the change, say) run right before it, with the commit
 * where statements cost round trips (`finishing-statement.ts`).
 */
export function finishWithTransferEvent(
  trx: Transaction<Database>,
  transfer: EventSource,
  eventType: TransferEventsTable['event_type'],
  timestamp: string,
  requestId: string | null,
  alongside: readonly CompiledQuery[] = [],
): Promise<void> {
  return transferLifecycle.finishWithEvent(trx, transferEventOf(transfer, eventType, timestamp, requestId), alongside);
}

/**
 * Stores a new transfer and its `pending` event (the event last: call it last in the
 * transaction), created by request `requestId` (null for none); the `alongside` statements (its
 * scheduled moves, say) are sent with them.
 */
export function insertTransfer(
  trx: Transaction<Database>,
  row: TransfersTable,
  requestId: string | null,
  alongside: readonly CompiledQuery[] = [],
): Promise<void> {
  return transferLifecycle.insert(trx, row, transferEventOf(row, row.status, row.created, requestId), alongside);
}

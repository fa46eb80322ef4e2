/**
 * Bank transfers and bank transfer events in the store, on the transfers' lifecycle
 * (`transfers/lifecycle.ts`): status changes are conditional updates on the expected status
 * (exactly one of two concurrent changes wins), move the origination account's available
 * balance, and append the event of the new status, all inside the caller's transaction.
 */
import type { CompiledQuery, Selectable, Transaction } from 'kysely';
import { columnsOf, type Database } from '../../engine/index.js';
import {
  adjustAvailableStatement,
  type Lifecycle,
  lifecycleOf,
  type MoveFields,
  type NewEvent,
  parseCents,
} from '../transfers/index.js';
import {
  availableDelta,
  type BankTransferFailure,
  type BankTransferStatus,
  receiverDetailsOf,
} from './bank-transfer-status.js';
import type { BankTransferEventsTable, BankTransfersTable, MigratedAccountsTable } from './tables.js';

/** A stored bank transfer. */
export type BankTransferRow = Selectable<BankTransfersTable>;
/** A stored bank transfer event. */
export type BankTransferEventRow = Selectable<BankTransferEventsTable>;

/** The columns of a bank transfer event but its id (taken from the stream's counter). */
type BankTransferEventValues = NewEvent<BankTransferEventRow>;

/** The event (without its id) of `bankTransfer` entering `eventType` at `timestamp`, caused by `requestId`. */
function bankTransferEventOf(
  bankTransfer: BankTransfersTable,
  eventType: BankTransferStatus,
  failure: BankTransferFailure | null,
  timestamp: string,
  requestId: string | null,
): BankTransferEventValues {
  const receiver = receiverDetailsOf(eventType, failure);
  return {
    client_id: bankTransfer.client_id,
    bank_transfer_id: bankTransfer.bank_transfer_id,
    event_type: eventType,
    timestamp,
    account_id: bankTransfer.account_id,
    bank_transfer_amount: bankTransfer.amount,
    bank_transfer_iso_currency_code: bankTransfer.iso_currency_code,
    bank_transfer_type: bankTransfer.type,
    direction: bankTransfer.direction,
    failure_reason: failure ? JSON.stringify(failure) : null,
    origination_account_id: bankTransfer.origination_account_id,
    receiver_details: receiver ? JSON.stringify(receiver) : null,
    request_id: requestId,
  };
}

const BANK_TRANSFER_EVENT_COLUMNS = columnsOf<BankTransferEventValues>({
  client_id: true,
  bank_transfer_id: true,
  event_type: true,
  timestamp: true,
  account_id: true,
  bank_transfer_amount: true,
  bank_transfer_iso_currency_code: true,
  bank_transfer_type: true,
  direction: true,
  failure_reason: true,
  origination_account_id: true,
  receiver_details: true,
  request_id: true,
});

const BANK_TRANSFER_COLUMNS = columnsOf<BankTransfersTable>({
  bank_transfer_id: true,
  client_id: true,
  item_id: true,
  account_id: true,
  ach_class: true,
  amount: true,
  cancellable: true,
  created: true,
  custom_tag: true,
  description: true,
  direction: true,
  failure_reason: true,
  iso_currency_code: true,
  metadata: true,
  network: true,
  origination_account_id: true,
  status: true,
  type: true,
  user_details: true,
});

/**
 * The bank transfers' lifecycle (the transfers' one, `transfers/lifecycle.ts`): reads, list
 * pages, moves, the cancel and the event stream of `bank_transfers` and `bank_transfer_events`.
 */
export const bankTransferLifecycle: Lifecycle<BankTransferRow, BankTransferEventRow> = lifecycleOf({
  records: 'bank_transfers',
  id: 'bank_transfer_id',
  recordColumns: BANK_TRANSFER_COLUMNS,
  positions: 'bank_transfer_list_positions',
  events: 'bank_transfer_events',
  eventColumns: BANK_TRANSFER_EVENT_COLUMNS,
  eventsUpdate: { webhook_type: 'BANK_TRANSFERS', webhook_code: 'BANK_TRANSFERS_EVENTS_UPDATE' },
  noun: 'bank transfer',
});

/**
 * Appends the event of `bankTransfer` entering `eventType` to its client's stream now (seeding:
 * one transaction appends several), linked to the request that caused it (`requestId`; null for none).
 */
export async function appendBankTransferEvent(
  trx: Transaction<Database>,
  bankTransfer: BankTransfersTable,
  eventType: BankTransferStatus,
  failure: BankTransferFailure | null,
  timestamp: string,
  requestId: string | null,
): Promise<void> {
  const event = bankTransferEventOf(bankTransfer, eventType, failure, timestamp, requestId);
  await trx.executeQuery(await bankTransferLifecycle.eventStatement(trx, event));
}

/**
 * Stores a new `pending` bank transfer and its event, as the last statements of the transaction
 * (call it last). The caller has already reserved a credit's amount on the origination account.
 * The event links to request `requestId`.
 */
export function insertBankTransfer(
  trx: Transaction<Database>,
  row: BankTransfersTable,
  requestId: string,
): Promise<void> {
  return bankTransferLifecycle.insert(trx, row, bankTransferEventOf(row, 'pending', null, row.created, requestId));
}

/**
 * What a move of a bank transfer to `to` sets: the status, `cancellable` false and, unless
 * `failure` is null, the failure reason (what the move writes and the moved row shows).
 */
export function bankTransferMoveFields(
  to: BankTransferStatus,
  failure: BankTransferFailure | null,
): MoveFields<BankTransferRow> {
  return failure === null
    ? { status: to, cancellable: 0 }
    : { status: to, cancellable: 0, failure_reason: JSON.stringify(failure) };
}

/**
 * The rest of a move whose update stands (`moved`: the bank transfer as it is now): when `funds`
 * is `'move'`, the origination account's available balance, then the event of its status (with
 * `failure`, linked to `requestId`), as the transaction's last statements: call it last. The
 * `alongside` statements (a webhook of the move, say) run first. On PostgreSQL all are sent with
 * the commit (`finishing-statement.ts`).
 */
export async function finishBankTransferMove(
  trx: Transaction<Database>,
  moved: BankTransferRow,
  failure: BankTransferFailure | null,
  now: Date,
  funds: 'move' | 'stay',
  requestId: string,
  alongside: readonly CompiledQuery[] = [],
): Promise<void> {
  const to = moved.status;
  const delta = funds === 'move' ? availableDelta(to, moved.direction, parseCents(moved.amount)) : 0;
  const event = bankTransferEventOf(moved, to, failure, now.toISOString(), requestId);
  const funding = delta === 0 ? [] : [adjustAvailableStatement(trx, moved.origination_account_id, delta)];
  // All sent with the commit where statements cost round trips: the event id stays the last write.
  await bankTransferLifecycle.finishWithEvent(trx, event, [...alongside, ...funding]);
}

/** The statement reading whether `clientId` may migrate accounts (`migrate_account_enabled` 1; no row: it may not). */
export function migrateAccountEnabledStatement(
  trx: Transaction<Database>,
  clientId: string,
): CompiledQuery<{ migrate_account_enabled: number }> {
  return trx
    .selectFrom('bank_transfer_settings')
    .select('migrate_account_enabled')
    .where('client_id', '=', clientId)
    .compile();
}

/** The statement storing the account and routing numbers of a migrated account. */
export function migratedAccountStatement(trx: Transaction<Database>, account: MigratedAccountsTable): CompiledQuery {
  return trx.insertInto('migrated_accounts').values(account).compile();
}

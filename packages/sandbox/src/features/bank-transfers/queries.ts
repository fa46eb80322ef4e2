/**
 * Bank transfers and bank transfer events in the store. Status changes are conditional updates
 * on the expected status (exactly one of two concurrent changes wins), move the origination
 * account's available balance, and append the event of the new status, all inside the caller's
 * transaction.
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
import type { ListWindow } from '../transfers/index.js';
import { adjustAvailable, adjustAvailableStatement, parseCents, positionRange } from '../transfers/index.js';
import {
  availableDelta,
  type BankTransferDirection,
  type BankTransferFailure,
  type BankTransferStatus,
  receiverDetailsOf,
} from './bank-transfer-status.js';
import type { BankTransferEventsTable, BankTransfersTable, MigratedAccountsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A stored bank transfer. */
export type BankTransferRow = Selectable<BankTransfersTable>;
/** A stored bank transfer event. */
export type BankTransferEventRow = Selectable<BankTransferEventsTable>;

/** The columns of a bank transfer event but its id (taken from the stream's counter). */
type BankTransferEventValues = Omit<BankTransferEventsTable, 'event_id'>;

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

/** The event with the next id of its client's stream. */
const appendBankTransferEventQuery = prepareCounted((db, p: Placeholders<BankTransferEventValues>, next) =>
  db.insertInto('bank_transfer_events').values({ ...valuesOf(p, BANK_TRANSFER_EVENT_COLUMNS), event_id: next }),
);

/** The statement appending the event of `bankTransfer` entering `eventType`, linked to `requestId` (null for none). */
function bankTransferEventStatement(
  trx: Transaction<Database>,
  bankTransfer: BankTransfersTable,
  eventType: BankTransferStatus,
  failure: BankTransferFailure | null,
  timestamp: string,
  requestId: string | null,
): Promise<CompiledQuery> {
  return appendBankTransferEventQuery.compile(
    trx,
    eventCounterName('bank_transfer_events', bankTransfer.client_id),
    bankTransferEventOf(bankTransfer, eventType, failure, timestamp, requestId),
  );
}

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
  await trx.executeQuery(await bankTransferEventStatement(trx, bankTransfer, eventType, failure, timestamp, requestId));
}

/**
 * Stores a new `pending` bank transfer and its event, as the last statements of the transaction
 * (call it last). The caller has already reserved a credit's amount on the origination account.
 * The event links to request `requestId`.
 */
export async function insertBankTransfer(
  trx: Transaction<Database>,
  row: BankTransfersTable,
  requestId: string,
): Promise<void> {
  const insert = insertBankTransferQuery.compile(trx, row);
  const event = await bankTransferEventStatement(trx, row, 'pending', null, row.created, requestId);
  await finishWith(trx, () => together(trx, [insert, event]));
}

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

const insertBankTransferQuery = prepareQuery((db, p: Placeholders<BankTransfersTable>) =>
  db.insertInto('bank_transfers').values(valuesOf(p, BANK_TRANSFER_COLUMNS)),
);

const bankTransferQuery = prepareQuery((db, p: Placeholders<{ id: string; clientId: string }>) =>
  db.selectFrom('bank_transfers').selectAll().where('bank_transfer_id', '=', p.id).where('client_id', '=', p.clientId),
);

/** The client's bank transfer `id`, if any. */
export async function bankTransferOf(db: Db, clientId: string, id: string): Promise<BankTransferRow | undefined> {
  return bankTransferQuery.executeTakeFirst(db, { id, clientId });
}

/** The statement of {@link bankTransferOf}, to send together with others (`together.ts`). */
export function bankTransferStatement(db: Db, clientId: string, id: string): CompiledQuery<BankTransferRow> {
  return bankTransferQuery.compile(db, { id, clientId });
}

const bankTransferOfKeyQuery = prepareQuery((db, p: Placeholders<KeyOfRecord>) =>
  db
    .selectFrom('bank_transfers')
    .selectAll()
    .where('client_id', '=', p.clientId)
    .where('bank_transfer_id', '=', resourceIdOfKey(db, p)),
);

/** How a create reads the bank transfer an idempotency key names (`idempotency.ts` `keyClaim`). */
export const bankTransferOfKey: RecordOfKey<BankTransferRow> = {
  byKey: (trx, key) => bankTransferOfKeyQuery.compile(trx, key),
  byId: bankTransferOf,
};

/** The list filters of `/bank_transfer/list` besides the window. */
export interface BankTransferFilters {
  originationAccountId: string | null;
  direction: BankTransferDirection | null;
}

/**
 * The statement of one page of the client's bank transfers, newest first (ties by id,
 * descending), to send together with others (`together.ts`). Without an origination account or
 * direction filter the page is a range of list positions (`transfers/list-positions.ts`: one seek
 * at any offset). With one, the page's ids are found in `bank_transfers_list` alone (a covering
 * index: the offset walks index entries, not rows), then only those rows are read.
 */
export function bankTransferPageStatement(
  db: Db,
  clientId: string,
  window: ListWindow,
  filters: BankTransferFilters,
): CompiledQuery<BankTransferRow> {
  if (filters.originationAccountId === null && filters.direction === null) {
    const range = positionRange('bank_transfers', clientId, window);
    let page = db
      .selectFrom('bank_transfer_list_positions as position')
      .innerJoin('bank_transfers', 'bank_transfers.bank_transfer_id', 'position.bank_transfer_id')
      .selectAll('bank_transfers')
      .where('position.client_id', '=', clientId)
      .where('position.list_position', '<=', range.upper);
    if (range.lower !== null) {
      page = page.where('position.list_position', '>=', range.lower);
    }
    return page.orderBy('position.list_position', 'desc').limit(window.count).compile();
  }
  let page = db.selectFrom('bank_transfers').select('bank_transfer_id').where('client_id', '=', clientId);
  if (window.start !== null) {
    page = page.where('created', '>=', window.start);
  }
  if (window.end !== null) {
    page = page.where('created', '<=', window.end);
  }
  if (filters.originationAccountId !== null) {
    page = page.where('origination_account_id', '=', filters.originationAccountId);
  }
  if (filters.direction !== null) {
    page = page.where('direction', '=', filters.direction);
  }
  const ids = page
    .orderBy('created', 'desc')
    .orderBy('bank_transfer_id', 'desc')
    .limit(window.count)
    .offset(window.offset);
  return db
    .selectFrom(ids.as('page'))
    .innerJoin('bank_transfers', 'bank_transfers.bank_transfer_id', 'page.bank_transfer_id')
    .selectAll('bank_transfers')
    .orderBy('bank_transfers.created', 'desc')
    .orderBy('bank_transfers.bank_transfer_id', 'desc')
    .compile();
}

/** A bank transfer with the webhook URL of its Item (null: none). */
export type BankTransferWithWebhook = BankTransferRow & { item_webhook: string | null };

const bankTransferWithWebhookQuery = prepareQuery((db, p: Placeholders<{ id: string; clientId: string }>) =>
  db
    .selectFrom('bank_transfers')
    .selectAll('bank_transfers')
    .select((eb) =>
      eb
        .selectFrom('items')
        .select('items.webhook')
        .whereRef('items.item_id', '=', 'bank_transfers.item_id')
        .as('item_webhook'),
    )
    .where('bank_transfers.bank_transfer_id', '=', p.id)
    .where('bank_transfers.client_id', '=', p.clientId),
);

/**
 * The statement reading the client's bank transfer `id` with its Item's webhook URL (what a
 * simulated event's `BANK_TRANSFERS_EVENTS_UPDATE` is sent to), to send together with others.
 */
export function bankTransferWithWebhookStatement(
  db: Db,
  clientId: string,
  id: string,
): CompiledQuery<BankTransferWithWebhook> {
  return bankTransferWithWebhookQuery.compile(db, { id, clientId });
}

/**
 * What a move of a bank transfer to `to` sets: the status, `cancellable` false and, unless
 * `failure` is null, the failure reason (what {@link moveBankTransferStatement} writes and the
 * moved row shows).
 */
export function bankTransferMoveFields(
  to: BankTransferStatus,
  failure: BankTransferFailure | null,
): Pick<BankTransferRow, 'status' | 'cancellable'> & Partial<Pick<BankTransferRow, 'failure_reason'>> {
  return failure === null
    ? { status: to, cancellable: 0 }
    : { status: to, cancellable: 0, failure_reason: JSON.stringify(failure) };
}

/**
 * The statement moving the client's bank transfer `id` from `from` to `to` if it is still in
 * `from`, in one conditional update (of two concurrent moves exactly one wins): `cancellable`
 * false, and `failure` stored as its failure reason (null: the reason stays as it is). It changed
 * one row if and only if this call moved it; the caller then finishes the move
 * ({@link finishBankTransferMove}), or rolls the transaction back.
 */
export function moveBankTransferStatement(
  trx: Transaction<Database>,
  clientId: string,
  id: string,
  from: BankTransferStatus,
  to: BankTransferStatus,
  failure: BankTransferFailure | null,
): CompiledQuery {
  return trx
    .updateTable('bank_transfers')
    .set(bankTransferMoveFields(to, failure))
    .where('bank_transfer_id', '=', id)
    .where('client_id', '=', clientId)
    .where('status', '=', from)
    .compile();
}

const cancelBankTransferQuery = prepareQuery((db, p: Placeholders<{ id: string; clientId: string }>) =>
  db
    .updateTable('bank_transfers')
    .set({ status: 'cancelled', cancellable: 0 })
    .where('bank_transfer_id', '=', p.id)
    .where('client_id', '=', p.clientId)
    .where('status', '=', 'pending')
    .where('cancellable', '=', 1),
);

/**
 * The statement cancelling the client's bank transfer `id` if it is `pending` and cancellable, in
 * one conditional update (of two concurrent cancels exactly one wins): it changed one row if and
 * only if this call cancelled it. Send it together with {@link bankTransferStatement} behind it
 * (`together.ts`), which then reads the bank transfer as it is after the cancel; the caller
 * finishes the move ({@link finishBankTransferMove}) or refuses on the row read.
 */
export function cancelBankTransferStatement(trx: Transaction<Database>, clientId: string, id: string): CompiledQuery {
  return cancelBankTransferQuery.compile(trx, { id, clientId });
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
  const to = moved.status as BankTransferStatus;
  const delta = funds === 'move' ? availableDelta(to, moved.direction, parseCents(moved.amount)) : 0;
  const timestamp = now.toISOString();
  const event = await bankTransferEventStatement(trx, moved, to, failure, timestamp, requestId);
  const statements =
    delta === 0
      ? [...alongside, event]
      : [...alongside, adjustAvailableStatement(trx, moved.origination_account_id, delta), event];
  // All sent with the commit where statements cost round trips: the event id stays the last write.
  await finishWith(trx, () => together(trx, statements));
}

/** Up to `count` of the client's bank transfer events after `afterId`, in event order. */
export async function bankTransferEventsAfter(
  db: Db,
  clientId: string,
  afterId: number,
  count: number,
): Promise<BankTransferEventRow[]> {
  return db
    .selectFrom('bank_transfer_events')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('event_id', '>', afterId)
    .orderBy('event_id')
    .limit(count)
    .execute();
}

/** Whether `/bank_transfer/migrate_account` is enabled for the client (it is not by default). */
export async function migrateAccountEnabled(db: Db, clientId: string): Promise<boolean> {
  const settings = await db
    .selectFrom('bank_transfer_settings')
    .select('migrate_account_enabled')
    .where('client_id', '=', clientId)
    .executeTakeFirst();
  return settings?.migrate_account_enabled === 1;
}

/** The statement storing the account and routing numbers of a migrated account. */
export function migratedAccountStatement(trx: Transaction<Database>, account: MigratedAccountsTable): CompiledQuery {
  return trx.insertInto('migrated_accounts').values(account).compile();
}

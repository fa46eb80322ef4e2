/**
 * Payments in the store. Every change that other requests could race with is one conditional
 * UPDATE whose WHERE clause is the rule (still awaiting input, not reversed yet, the token still
 * current and unused), so of two concurrent requests exactly one changes the row; the caller
 * reads the number of changed rows. Creation and status changes take a sequence number from the
 * `payment_changes` counter inside the writing transaction (its row lock orders writers on
 * PostgreSQL; SQLite has one writer), which orders payments changed in the same instant.
 */
import { type Insertable, type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import type { Database } from '../../engine/store/database.js';
import { PAYMENT_CHANGES_COUNTER } from '../../engine/store/migrations/0003-payments.js';
import type { ListBound } from './list-cursor.js';
import type { PaymentsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A payment row. */
export type PaymentRow = Selectable<PaymentsTable>;

/** A payment row with the `last_status_update` the clock gives it now (see {@link effectiveUpdateSql}). */
export type ListedPaymentRow = PaymentRow & { effective_update: string };

const INPUT_NEEDED = 'PAYMENT_STATUS_INPUT_NEEDED';

/**
 * SQL for the `last_status_update` of a payment at `now`: a payment still awaiting input at its
 * expiry changed (to expired) at `expires_at`. Same rule as `effectiveStatus`.
 */
function effectiveUpdateSql(now: string) {
  return sql<string>`case when status = ${INPUT_NEEDED} and expires_at <= ${now} then expires_at else last_status_update end`;
}

/** The next payment change sequence number; call inside the writing transaction. */
export async function nextChangeSeq(trx: Transaction<Database>): Promise<number> {
  const row = await trx
    .updateTable('counters')
    .set((eb) => ({ value: eb('value', '+', 1) }))
    .where('name', '=', PAYMENT_CHANGES_COUNTER)
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** Inserts a payment. */
export async function insertPayment(trx: Transaction<Database>, row: Insertable<PaymentsTable>): Promise<void> {
  await trx.insertInto('payments').values(row).execute();
}

/** The payment `paymentId` of `clientId`, or undefined (unknown, or another client's). */
export async function findPayment(db: Db, clientId: string, paymentId: string): Promise<PaymentRow | undefined> {
  return db
    .selectFrom('payments')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('payment_id', '=', paymentId)
    .executeTakeFirst();
}

/**
 * Up to `limit` payments of `clientId` after `bound`, newest `last_status_update` first (as the
 * clock gives it at `now`), then latest change first.
 */
export async function listPayments(
  db: Db,
  input: { clientId: string; now: string; bound: ListBound | undefined; limit: number },
): Promise<ListedPaymentRow[]> {
  const effective = effectiveUpdateSql(input.now);
  const { bound } = input;
  let query = db
    .selectFrom('payments')
    .selectAll()
    .select(effective.as('effective_update'))
    .where('client_id', '=', input.clientId);
  if (bound?.kind === 'before') {
    query = query.where(sql<boolean>`${effective} < ${bound.instant}`);
  } else if (bound?.kind === 'after') {
    const { lastStatusUpdate, sequence } = bound.position;
    query = query.where(
      sql<boolean>`(${effective} < ${lastStatusUpdate} or (${effective} = ${lastStatusUpdate} and change_seq < ${sequence}))`,
    );
  }
  const rows = await query
    .orderBy('effective_update', 'desc')
    .orderBy('change_seq', 'desc')
    .limit(input.limit)
    .execute();
  return rows.map((row) => ({ ...row, change_seq: Number(row.change_seq), amount: Number(row.amount) }));
}

/** A status change of a payment, applied only if the payment still has `from` (and, awaiting input, has not expired). */
export interface StatusChange {
  clientId: string;
  paymentId: string;
  from: string;
  to: string;
  now: string;
  changeSeq: number;
  /** JSON refund details to set (the payment is being executed with refund details requested). */
  refundDetails?: string;
  /** Use this payment token up in the same change; it must be current, unused and unexpired. */
  useToken?: string;
}

/** Applies `change`; false when the payment no longer matches its conditions (a concurrent change). */
export async function changeStatus(trx: Transaction<Database>, change: StatusChange): Promise<boolean> {
  let query = trx
    .updateTable('payments')
    .set({
      status: change.to,
      last_status_update: change.now,
      change_seq: change.changeSeq,
      ...(change.refundDetails ? { refund_details: change.refundDetails } : {}),
      ...(change.useToken ? { payment_token_used_at: change.now } : {}),
    })
    .where('client_id', '=', change.clientId)
    .where('payment_id', '=', change.paymentId)
    .where('status', '=', change.from);
  if (change.from === INPUT_NEEDED) {
    query = query.where('expires_at', '>', change.now);
  }
  if (change.useToken) {
    query = query
      .where('payment_token', '=', change.useToken)
      .where('payment_token_used_at', 'is', null)
      .where('payment_token_expires_at', '>', change.now);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * Records the reversal of a payment, only if it is an executed one-time payment with refund
 * details and no reversal yet; false otherwise (including when a concurrent reversal won).
 */
export async function recordReversal(
  trx: Transaction<Database>,
  input: { clientId: string; paymentId: string; refundId: string; now: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('payments')
    .set({ refund_id: input.refundId, refund_status: 'INITIATED', refund_created_at: input.now })
    .where('client_id', '=', input.clientId)
    .where('payment_id', '=', input.paymentId)
    .where('refund_id', 'is', null)
    .where('schedule', 'is', null)
    .where('status', 'in', ['PAYMENT_STATUS_EXECUTED', 'PAYMENT_STATUS_COMPLETED'])
    .where('refund_details', 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Replaces the payment token of a payment still awaiting input at `now`; false otherwise. */
export async function replacePaymentToken(
  trx: Transaction<Database>,
  input: { clientId: string; paymentId: string; token: string; expiresAt: string; now: string },
): Promise<boolean> {
  const result = await trx
    .updateTable('payments')
    .set({ payment_token: input.token, payment_token_expires_at: input.expiresAt, payment_token_used_at: null })
    .where('client_id', '=', input.clientId)
    .where('payment_id', '=', input.paymentId)
    .where('status', '=', INPUT_NEEDED)
    .where('expires_at', '>', input.now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

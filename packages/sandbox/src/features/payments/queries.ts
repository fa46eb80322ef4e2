/**
 * Payments in the store. Every change that other requests could race with is decided on the row
 * as it is: either one conditional UPDATE whose WHERE clause is the rule (not reversed yet), of
 * two concurrent requests exactly one changing the row, the caller reading the number of changed
 * rows; or (status changes, payment tokens) on the row read with {@link lockedPayment}, which on
 * PostgreSQL keeps it locked until the transaction ends, the change then sent with the commit and
 * still conditional. Creation and status changes take a sequence number from the
 * `payment_changes` counter inside the writing transaction, which orders payments changed in the
 * same instant: on PostgreSQL in the statement that writes the payment, sent with the commit, so
 * its row is locked only while the server runs that statement and commits; SQLite has one writer.
 */
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import {
  type AfterCommit,
  affectedRows,
  columnsOf,
  counted,
  type Database,
  finishWith,
  incrementCounter,
  lockedForChange,
  type Placeholders,
  prepareCounted,
  together,
  valuesOf,
} from '../../engine/index.js';
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

/** The `counters` row of the payment change sequence (created by the payments migration). */
export const PAYMENT_CHANGES_COUNTER = 'payment_changes';

/** The next payment change sequence number; call inside the writing transaction. */
export function nextChangeSeq(trx: Transaction<Database>): Promise<number> {
  return incrementCounter(trx, PAYMENT_CHANGES_COUNTER);
}

/** A new payment: every column but its change sequence number, which the insert takes. */
export type NewPayment = Omit<PaymentsTable, 'change_seq'>;

const NEW_PAYMENT_COLUMNS = columnsOf<NewPayment>({
  payment_id: true,
  client_id: true,
  recipient_id: true,
  reference: true,
  currency: true,
  amount: true,
  status: true,
  created_at: true,
  last_status_update: true,
  expires_at: true,
  recipient_iban: true,
  recipient_bacs_account: true,
  recipient_bacs_sort_code: true,
  schedule: true,
  request_refund_details: true,
  payer_iban: true,
  payer_bacs_account: true,
  payer_bacs_sort_code: true,
  refund_details: true,
  refund_id: true,
  refund_status: true,
  refund_created_at: true,
  payment_token: true,
  payment_token_expires_at: true,
  payment_token_used_at: true,
});

/** The payment with the next change sequence number. */
const insertPaymentQuery = prepareCounted((db, p: Placeholders<NewPayment>, next) =>
  db.insertInto('payments').values({ ...valuesOf(p, NEW_PAYMENT_COLUMNS), change_seq: next }),
);

/**
 * Inserts a payment with the next change sequence number, as the last statement of the
 * transaction: call it last. Where statements cost round trips, one statement sent with the
 * commit (`finishing-statement.ts`); elsewhere the counter's increment, then the insert.
 */
export async function insertPayment(trx: Transaction<Database>, row: NewPayment): Promise<void> {
  const insert = await insertPaymentQuery.compile(trx, PAYMENT_CHANGES_COUNTER, row);
  await finishWith(trx, () => trx.executeQuery(insert));
}

/** The select of the payment `paymentId` of `clientId`. */
function paymentQuery(db: Db, clientId: string, paymentId: string) {
  return db.selectFrom('payments').selectAll().where('client_id', '=', clientId).where('payment_id', '=', paymentId);
}

/** The payment `paymentId` of `clientId`, or undefined (unknown, or another client's). */
export async function findPayment(db: Db, clientId: string, paymentId: string): Promise<PaymentRow | undefined> {
  return paymentQuery(db, clientId, paymentId).executeTakeFirst();
}

/**
 * The payment `paymentId` of `clientId` for a change decided on it, or undefined. On PostgreSQL
 * the row stays locked (`for update`) until the transaction ends: a concurrent change waits, then
 * reads the row as this transaction left it. SQLite runs one writing transaction at a time.
 */
export async function lockedPayment(
  trx: Transaction<Database>,
  clientId: string,
  paymentId: string,
): Promise<PaymentRow | undefined> {
  return lockedForChange(trx, paymentQuery(trx, clientId, paymentId)).executeTakeFirst();
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
  /** JSON refund details to set (the payment is being executed with refund details requested). */
  refundDetails?: string;
  /** Use this payment token up in the same change; it must be current, unused and unexpired. */
  useToken?: string;
}

/**
 * Applies `change` as the last statement of the transaction (call it last; decide it on the row
 * of {@link lockedPayment}), with the next change sequence number: on PostgreSQL one statement,
 * sent with the commit. Once the transaction has committed, its answer is the payment after the
 * change, or undefined when the payment no longer matched the change's conditions (then nothing
 * but the sequence number changed).
 */
export async function finishWithStatusChange(
  trx: Transaction<Database>,
  change: StatusChange,
): Promise<AfterCommit<PaymentRow | undefined>> {
  const { db, next: changeSeq } = await counted(trx, PAYMENT_CHANGES_COUNTER);
  let query = db
    .updateTable('payments')
    .set({
      status: change.to,
      last_status_update: change.now,
      change_seq: changeSeq,
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
  const returning = query.returningAll();
  return finishWith(trx, async () => (await returning.executeTakeFirst()) as PaymentRow | undefined);
}

/** What recording a reversal gives: whether it was recorded, and when it was not, the payment as it is. */
export interface ReversalOutcome {
  recorded: boolean;
  /** When not recorded, the payment (undefined: unknown, or another client's): what a refusal is decided on. */
  payment: PaymentRow | undefined;
}

/**
 * Records the reversal of a payment, only if it is an executed one-time payment with refund
 * details and no reversal yet (not recorded otherwise, including when a concurrent reversal won).
 * The payment is read right after, together with the update (in the same round trip where
 * statements cost one), so a refusal needs no more.
 */
export async function recordReversal(
  trx: Transaction<Database>,
  input: { clientId: string; paymentId: string; refundId: string; now: string },
): Promise<ReversalOutcome> {
  const update = trx
    .updateTable('payments')
    .set({ refund_id: input.refundId, refund_status: 'INITIATED', refund_created_at: input.now })
    .where('client_id', '=', input.clientId)
    .where('payment_id', '=', input.paymentId)
    .where('refund_id', 'is', null)
    .where('schedule', 'is', null)
    .where('status', 'in', ['PAYMENT_STATUS_EXECUTED', 'PAYMENT_STATUS_COMPLETED'])
    .where('refund_details', 'is not', null);
  const read = paymentQuery(trx, input.clientId, input.paymentId);
  const [recorded, found] = await together(trx, [update.compile(), read.compile()]);
  return { recorded: affectedRows(recorded) === 1, payment: found.rows[0] };
}

/**
 * Replaces the payment token of a payment still awaiting input at `now`, as the last statement of
 * the transaction (call it last; decide it on the row of {@link lockedPayment}). Once the
 * transaction has committed, its answer is whether the token was replaced.
 */
export async function finishWithTokenReplacement(
  trx: Transaction<Database>,
  input: { clientId: string; paymentId: string; token: string; expiresAt: string; now: string },
): Promise<AfterCommit<boolean>> {
  const update = trx
    .updateTable('payments')
    .set({ payment_token: input.token, payment_token_expires_at: input.expiresAt, payment_token_used_at: null })
    .where('client_id', '=', input.clientId)
    .where('payment_id', '=', input.paymentId)
    .where('status', '=', INPUT_NEEDED)
    .where('expires_at', '>', input.now);
  return finishWith(trx, async () => Number((await update.executeTakeFirst()).numUpdatedRows) === 1);
}

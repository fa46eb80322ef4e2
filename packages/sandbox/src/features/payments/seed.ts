/**
 * Seeds the canonical payment initiation records of the docs for the default client (see
 * `canonical.ts`). Skips everything when the canonical UK recipient exists, so
 * instances seeding one PostgreSQL together seed it once.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../engine/index.js';
import { type CanonicalWorld, DEFAULT_WORLD } from '../world/index.js';
import { CANONICAL_PAYMENTS, CANONICAL_RECIPIENTS } from './canonical.js';
import { SANDBOX_PAYER } from './payer.js';
import { nextChangeSeq } from './queries.js';
import { recipientDetailsKey } from './recipient-details.js';
import { scheduleRefundExecution } from './refunds.js';
import { AUTHORISATION_WINDOW_MS } from './status.js';
import { paymentTokenExpiry } from './token-flow.js';

/** Inserts the canonical recipients and payments of `world`'s client at time `now`. */
export async function seedPaymentWorld(
  trx: Transaction<Database>,
  now: Date,
  world: CanonicalWorld = DEFAULT_WORLD,
): Promise<void> {
  const at = now.toISOString();
  const clientId = world.clientId;
  for (const [index, { recipientId, details }] of CANONICAL_RECIPIENTS.entries()) {
    const inserted = await trx
      .insertInto('payment_recipients')
      .values({
        recipient_id: world.id(recipientId),
        client_id: clientId,
        name: details.name,
        iban: details.iban,
        bacs_account: details.bacs?.account ?? null,
        bacs_sort_code: details.bacs?.sort_code ?? null,
        address: details.address ? JSON.stringify(details.address) : null,
        details_key: recipientDetailsKey(details),
        created_at: at,
      })
      .onConflict((conflict) => conflict.doNothing())
      .executeTakeFirst();
    if (index === 0 && Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      return;
    }
  }
  const expiresAt = new Date(now.getTime() + AUTHORISATION_WINDOW_MS).toISOString();
  const recipients = new Map(CANONICAL_RECIPIENTS.map((recipient) => [recipient.recipientId, recipient.details]));
  for (const payment of CANONICAL_PAYMENTS) {
    const recipient = recipients.get(payment.recipientId);
    const executed = payment.status === 'PAYMENT_STATUS_EXECUTED';
    await trx
      .insertInto('payments')
      .values({
        payment_id: world.id(payment.paymentId),
        client_id: clientId,
        recipient_id: world.id(payment.recipientId),
        reference: payment.reference,
        currency: payment.currency,
        amount: payment.amount,
        status: payment.status,
        created_at: at,
        last_status_update: at,
        change_seq: await nextChangeSeq(trx),
        expires_at: expiresAt,
        recipient_iban: recipient?.iban ?? null,
        recipient_bacs_account: recipient?.bacs?.account ?? null,
        recipient_bacs_sort_code: recipient?.bacs?.sort_code ?? null,
        schedule: payment.schedule ? JSON.stringify(payment.schedule) : null,
        request_refund_details: payment.requestRefundDetails ? 1 : 0,
        payer_iban: null,
        payer_bacs_account: null,
        payer_bacs_sort_code: null,
        refund_details: executed && payment.requestRefundDetails ? JSON.stringify(SANDBOX_PAYER) : null,
        refund_id: payment.refundId ? world.id(payment.refundId) : null,
        refund_status: payment.refundId ? 'INITIATED' : null,
        refund_created_at: payment.refundId ? at : null,
        payment_token: world.id(payment.paymentToken),
        payment_token_expires_at: paymentTokenExpiry(now, expiresAt),
        payment_token_used_at: null,
      })
      .onConflict((conflict) => conflict.doNothing())
      .execute();
    if (payment.refundId) {
      await scheduleRefundExecution(trx, { clientId, paymentId: world.id(payment.paymentId), now });
    }
  }
}

/**
 * The durable webhook outbox: a webhook is written in the same transaction as the change that
 * caused it, so it is sent if and only if the change committed. The deliverer sends it later.
 */
import type { CompiledQuery, Transaction } from 'kysely';
import type { Database } from '../store/database.js';

/** A webhook to send. */
export interface NewWebhook {
  clientId: string;
  itemId: string | null;
  url: string;
  /** The payload: one of the spec's webhook schemas. */
  payload: { webhook_code: string } & Record<string, unknown>;
  /** When it was sent, on the client's clock (its `created_at`). */
  now: Date;
  /** The request that caused the webhook (the inspector links them); null for none. */
  requestId: string | null;
}

/** The `next_attempt_at` of a new webhook: before any time, so the deliverer takes it at once. */
const SEND_AT_ONCE = new Date(0).toISOString();

/**
 * The statement adding `webhook` to the outbox (answering its outbox id), to run in the
 * transaction of the change that caused it: sent together with other statements (`together.ts`)
 * or as the transaction's finishing statement (`finishing-statement.ts`), it costs no round trip
 * of its own.
 */
export function webhookStatement(trx: Transaction<Database>, webhook: NewWebhook): CompiledQuery<{ id: number }> {
  return trx
    .insertInto('webhook_outbox')
    .values({
      client_id: webhook.clientId,
      item_id: webhook.itemId,
      url: webhook.url,
      webhook_code: webhook.payload.webhook_code,
      body: JSON.stringify(webhook.payload),
      created_at: webhook.now.toISOString(),
      // Due at once: `now` is on the client's test clock, which may run ahead of the deliverer's.
      next_attempt_at: SEND_AT_ONCE,
      attempts: 0,
      delivered_at: null,
      failed_at: null,
      last_error: null,
      locked_until: null,
      locked_by: null,
      request_id: webhook.requestId,
    })
    .returning('id')
    .compile();
}

/** Adds a webhook to the outbox inside `trx`; returns its outbox id. */
export async function enqueueWebhook(trx: Transaction<Database>, webhook: NewWebhook): Promise<number> {
  const { rows } = await trx.executeQuery(webhookStatement(trx, webhook));
  const [row] = rows;
  if (!row) {
    throw new Error('the outbox insert answered no id');
  }
  return row.id;
}

/**
 * The durable webhook outbox: a webhook is written in the same transaction as the change that
 * caused it, so it is sent if and only if the change committed. The deliverer sends it later.
 */
import { type CompiledQuery, sql, type Transaction } from 'kysely';
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

/** A webhook about an Item, to the URL the Item has when the statement runs. */
export type NewItemWebhook = Omit<NewWebhook, 'itemId' | 'url'> & { itemId: string };

/** A text value of an `insert ... select`'s select list (typed, so PostgreSQL need not infer it). */
function text(value: string | null) {
  return sql<string>`cast(${value} as text)`;
}

/**
 * The statement adding `webhook` to the outbox, addressed to its Item's webhook URL read in the
 * same statement (`insert ... select` from the client's Item): it adds nothing when the Item has
 * no URL or is not the client's, and answers the outbox id when it adds. For a change that does
 * not read the Item's URL itself (a transfer's status webhook, say): no round trip of its own,
 * sent together with other statements or with the commit.
 */
export function itemWebhookStatement(
  trx: Transaction<Database>,
  webhook: NewItemWebhook,
): CompiledQuery<{ id: number }> {
  return trx
    .insertInto('webhook_outbox')
    .columns(['client_id', 'item_id', 'url', 'webhook_code', 'body', 'created_at', 'next_attempt_at', 'request_id'])
    .expression(
      trx
        .selectFrom('items')
        .select([
          'items.client_id',
          'items.item_id',
          sql<string>`items.webhook`.as('url'),
          text(webhook.payload.webhook_code).as('webhook_code'),
          text(JSON.stringify(webhook.payload)).as('body'),
          text(webhook.now.toISOString()).as('created_at'),
          text(SEND_AT_ONCE).as('next_attempt_at'),
          text(webhook.requestId).as('request_id'),
        ])
        .where('items.item_id', '=', webhook.itemId)
        .where('items.client_id', '=', webhook.clientId)
        .where('items.webhook', 'is not', null),
    )
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

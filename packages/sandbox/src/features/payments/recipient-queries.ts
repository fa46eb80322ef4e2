/**
 * Payment recipients in the store. Creation is idempotent and race-safe: the details key is
 * unique per client, so an insert of details that exist does nothing and the existing recipient
 * is returned, also when two identical creations run at the same time.
 */
import type { Kysely, Selectable, Transaction } from 'kysely';
import { affectedRows, type Database, together } from '../../engine/index.js';
import { type RecipientDetails, recipientDetailsKey } from './recipient-details.js';
import type { PaymentRecipientsTable } from './tables.js';

type Db = Kysely<Database> | Transaction<Database>;

/** A recipient row. */
export type RecipientRow = Selectable<PaymentRecipientsTable>;

/** What creating a recipient gives: the recipient, and whether this call created it. */
export interface RecipientOutcome {
  recipient: RecipientRow;
  created: boolean;
}

/**
 * The recipient of `clientId` with `details`: created with `recipientId` at `createdAt` unless
 * one with identical details exists, in which case that one is returned.
 */
export async function createRecipientOnce(
  db: Db,
  input: { clientId: string; recipientId: string; details: RecipientDetails; createdAt: string },
): Promise<RecipientOutcome> {
  const { details } = input;
  const detailsKey = recipientDetailsKey(details);
  const insert = db
    .insertInto('payment_recipients')
    .values({
      recipient_id: input.recipientId,
      client_id: input.clientId,
      name: details.name,
      iban: details.iban,
      bacs_account: details.bacs?.account ?? null,
      bacs_sort_code: details.bacs?.sort_code ?? null,
      address: details.address ? JSON.stringify(details.address) : null,
      details_key: detailsKey,
      created_at: input.createdAt,
    })
    .onConflict((conflict) => conflict.columns(['client_id', 'details_key']).doNothing());
  const select = db
    .selectFrom('payment_recipients')
    .selectAll()
    .where('client_id', '=', input.clientId)
    .where('details_key', '=', detailsKey);
  // Both in one round trip. The select is a statement of its own, after the insert: it sees the
  // row this insert made, or the one a concurrent creation committed (the insert waited for it).
  const [inserted, found] = await together(db, [insert.compile(), select.compile()]);
  const recipient = found.rows[0];
  if (!recipient) {
    throw new Error(
      `the recipient of client ${input.clientId} with details key ${detailsKey} is missing after its insert`,
    );
  }
  return { recipient, created: affectedRows(inserted) > 0 };
}

/** The recipient `recipientId` of `clientId`, or undefined (unknown, or another client's). */
export async function findRecipient(db: Db, clientId: string, recipientId: string): Promise<RecipientRow | undefined> {
  return db
    .selectFrom('payment_recipients')
    .selectAll()
    .where('client_id', '=', clientId)
    .where('recipient_id', '=', recipientId)
    .executeTakeFirst();
}

/** Every recipient of `clientId`, oldest first. */
export async function listRecipients(db: Db, clientId: string): Promise<RecipientRow[]> {
  return db.selectFrom('payment_recipients').selectAll().where('client_id', '=', clientId).orderBy('seq').execute();
}

/**
 * Payment recipients: create (SEPA countries only, IBAN check digits verified, idempotent on
 * identical details), get and list (oldest first, not paged). Recipients belong to the client
 * that created them.
 */

import { type HandlerContext, type HandlerGroup, refuseIf } from '../../engine/index.js';
import { paymentRefusalError } from './errors.js';
import { newRecipientId } from './ids.js';
import { presentRecipient } from './present.js';
import type { Bacs, RecipientAddress, RecipientDetails } from './recipient-details.js';
import { createRecipientOnce, findRecipient, listRecipients, type RecipientRow } from './recipient-queries.js';
import { recipientDetailsRefusal } from './rules.js';

/**
 * The body of `/payment_initiation/recipient/create` after validation. (The generated type is
 * `unknown`: openapi-typescript turns the schema's "iban or bacs" `anyOf` into `| unknown`.)
 */
export interface RecipientCreateBody {
  name: string;
  iban?: string;
  bacs?: Bacs;
  address?: RecipientAddress;
}

/** The details of a create request, checked: IBAN check digits, then SEPA countries of the IBAN and the address. */
export function recipientDetailsOf(request: RecipientCreateBody): RecipientDetails {
  const details: RecipientDetails = {
    name: request.name,
    iban: request.iban ?? null,
    bacs: request.bacs ? { account: request.bacs.account, sort_code: request.bacs.sort_code } : null,
    address: request.address
      ? {
          street: [...request.address.street],
          city: request.address.city,
          postal_code: request.address.postal_code,
          country: request.address.country,
        }
      : null,
  };
  refuseIf(recipientDetailsRefusal(details), paymentRefusalError);
  return details;
}

/** The recipient `recipientId` of the calling client, or `INVALID_RECIPIENT_ID`. */
export async function recipientOfClient(context: HandlerContext, recipientId: string): Promise<RecipientRow> {
  const recipient = await findRecipient(context.store.db, context.client.client_id, recipientId);
  if (!recipient) {
    throw paymentRefusalError({ code: 'INVALID_RECIPIENT_ID', recipientId });
  }
  return recipient;
}

/** The payment recipient handlers. */
export const recipientHandlers: HandlerGroup<
  'paymentInitiationRecipientCreate' | 'paymentInitiationRecipientGet' | 'paymentInitiationRecipientList'
> = {
  async paymentInitiationRecipientCreate(request, context) {
    const details = recipientDetailsOf(request as RecipientCreateBody);
    const { recipient } = await context.store.transaction((trx) =>
      createRecipientOnce(trx, {
        clientId: context.client.client_id,
        recipientId: newRecipientId(),
        details,
        createdAt: context.now.toISOString(),
      }),
    );
    return { recipient_id: recipient.recipient_id };
  },

  async paymentInitiationRecipientGet(request, context) {
    return presentRecipient(await recipientOfClient(context, request.recipient_id));
  },

  async paymentInitiationRecipientList(_request, context) {
    const recipients = await listRecipients(context.store.db, context.client.client_id);
    return { recipients: recipients.map(presentRecipient) };
  },
};

/**
 * The details that identify a payment recipient, and their key: recipient creation is
 * idempotent, so identical details (same name, IBAN, BACS details and address) must map to one
 * recipient. The key is unique per client in the store, which also makes two concurrent
 * identical creations give one recipient.
 */
import { createHash } from 'node:crypto';

/** UK account number and sort code. */
export interface Bacs {
  account: string;
  sort_code: string;
}

/** A recipient's postal address. */
export interface RecipientAddress {
  street: string[];
  city: string;
  postal_code: string;
  country: string;
}

/** What a recipient is created with. */
export interface RecipientDetails {
  name: string;
  iban: string | null;
  bacs: Bacs | null;
  address: RecipientAddress | null;
}

/** The key of `details`: a SHA-256 over their fields in a fixed order (field order in the request does not matter). */
export function recipientDetailsKey(details: RecipientDetails): string {
  const canonical = JSON.stringify([
    details.name,
    details.iban,
    details.bacs && [details.bacs.account, details.bacs.sort_code],
    details.address && [
      details.address.street,
      details.address.city,
      details.address.postal_code,
      details.address.country,
    ],
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

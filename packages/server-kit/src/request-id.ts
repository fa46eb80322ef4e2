import { randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Length of a request id, as in the spec's examples (`m8MDnv9okwxFNBV`). */
export const REQUEST_ID_LENGTH = 15;

/** A new request id: 15 random letters and digits, like the `request_id` of the spec's examples. */
export function newRequestId(): string {
  const bytes = randomBytes(REQUEST_ID_LENGTH);
  let id = '';
  for (const byte of bytes) {
    // 248 = 4 × 62: the small bias of the last values is irrelevant for an identifier.
    id += ALPHABET[byte % ALPHABET.length];
  }
  return id;
}

import { randomFillSync } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** Length of a request id, as in the spec's examples (`m8MDnv9okwxFNBV`). */
export const REQUEST_ID_LENGTH = 15;

// Random bytes are drawn in batches: one call to the generator serves 256 request ids, which
// matters on a server answering thousands of requests a second. Each batch is turned into letters
// and digits at once, so that an id is one slice of it.
const pool = Buffer.alloc(REQUEST_ID_LENGTH * 256);
let next = pool.length;

/** A new request id: 15 random letters and digits, like the `request_id` of the spec's examples. */
export function newRequestId(): string {
  if (next + REQUEST_ID_LENGTH > pool.length) {
    randomFillSync(pool);
    for (let index = 0; index < pool.length; index++) {
      // 248 = 4 × 62: the small bias of the last values is irrelevant for an identifier.
      pool[index] = ALPHABET_CODES[(pool[index] as number) % ALPHABET_CODES.length] as number;
    }
    next = 0;
  }
  const id = pool.toString('latin1', next, next + REQUEST_ID_LENGTH);
  next += REQUEST_ID_LENGTH;
  return id;
}

/** The character codes of {@link ALPHABET}. */
const ALPHABET_CODES = Buffer.from(ALPHABET, 'latin1');

/**
 * Idempotency keys of money-moving creates (`/transfer/create`, `/bank_transfer/create`,
 * `/processor/bank_transfer/create`): the first request with a key creates the record, a repeat
 * of the same request gets that record, and a different request with the same key is refused
 * with `INVALID_INPUT` / `IDEMPOTENCY_KEY_REUSED`. Keys are remembered per client and scope
 * without expiry.
 *
 * Concurrency: the key row is inserted first, inside the creating transaction, under the primary
 * key (client, scope, key). A second transaction inserting the same key waits on PostgreSQL until
 * the first one ends (SQLite runs one writer at a time): if the first committed, the second sees
 * its row and answers with its record; if it rolled back (the request failed), the second creates
 * the record itself. So two concurrent requests with one key create one record, and a failed
 * request does not use up its key.
 */
import type { Transaction } from 'kysely';
import { SandboxError } from '../errors/sandbox-error.js';
import type { Database } from './database.js';
import type { IdempotencyKeysTable } from './engine-tables.js';
import { affectedRows, type Placeholders, prepareQuery } from './prepared-query.js';

/** What a create asks before creating anything. */
export interface IdempotencyClaim {
  clientId: string;
  /** The key's namespace: `transfer` or `bank_transfer`. */
  scope: string;
  key: string;
  /** The request's fingerprint (`requestFingerprint`). */
  fingerprint: string;
  /** The id the new record will get if this request creates it. */
  resourceId: string;
  now: Date;
}

/** Either this request owns the key now (create the record), or it repeats the request that created `resourceId`. */
export type ClaimOutcome = { kind: 'new' } | { kind: 'repeat'; resourceId: string };

const claimQuery = prepareQuery((db, p: Placeholders<IdempotencyKeysTable>) =>
  db
    .insertInto('idempotency_keys')
    .values({
      client_id: p.client_id,
      scope: p.scope,
      idempotency_key: p.idempotency_key,
      fingerprint: p.fingerprint,
      resource_id: p.resource_id,
      created_at: p.created_at,
    })
    .onConflict((conflict) => conflict.columns(['client_id', 'scope', 'idempotency_key']).doNothing()),
);

/**
 * Claims `claim.key` inside `trx`. A key already used for a request with another fingerprint is
 * refused with `IDEMPOTENCY_KEY_REUSED`.
 */
export async function claimIdempotencyKey(trx: Transaction<Database>, claim: IdempotencyClaim): Promise<ClaimOutcome> {
  const inserted = await claimQuery.executeResult(trx, {
    client_id: claim.clientId,
    scope: claim.scope,
    idempotency_key: claim.key,
    fingerprint: claim.fingerprint,
    resource_id: claim.resourceId,
    created_at: claim.now.toISOString(),
  });
  if (affectedRows(inserted) === 1) {
    return { kind: 'new' };
  }
  const existing = await trx
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'resource_id'])
    .where('client_id', '=', claim.clientId)
    .where('scope', '=', claim.scope)
    .where('idempotency_key', '=', claim.key)
    .executeTakeFirstOrThrow();
  if (existing.fingerprint !== claim.fingerprint) {
    throw idempotencyKeyReused(claim.key);
  }
  return { kind: 'repeat', resourceId: existing.resource_id };
}

/** The error of a key reused for a different request. */
export function idempotencyKeyReused(key: string): SandboxError {
  const message = `idempotency_key ${key} was already used by this client for a different request`;
  return new SandboxError({
    type: 'INVALID_INPUT',
    code: 'IDEMPOTENCY_KEY_REUSED',
    message,
    causes: [
      {
        error_type: 'INVALID_INPUT',
        error_code: 'IDEMPOTENCY_KEY_REUSED',
        error_message: message,
        field: 'idempotency_key',
        location: 'body',
      },
    ],
    suggestedAction:
      'Repeat the first request exactly to get its result, or use a new idempotency_key for a new request.',
  });
}

/** Remembers a key for a record created outside a request (the seeded canonical records). */
export async function rememberIdempotencyKey(trx: Transaction<Database>, claim: IdempotencyClaim): Promise<void> {
  const outcome = await claimIdempotencyKey(trx, claim);
  if (outcome.kind === 'repeat' && outcome.resourceId !== claim.resourceId) {
    throw new Error(`idempotency key ${claim.key} already names ${outcome.resourceId}, not ${claim.resourceId}`);
  }
}

/**
 * Idempotency keys of money-moving creates (`/transfer/create`, `/bank_transfer/create`,
 * `/processor/bank_transfer/create`): the first request with a key creates the record, a repeat
 * of the same request gets that record, and a different request with the same key is refused
 * with `INVALID_INPUT` / `IDEMPOTENCY_KEY_REUSED`. Keys are remembered per client and scope for
 * {@link IDEMPOTENCY_KEY_LIFETIME_MS} (24 hours) from their first use (`expires_at`): after that a
 * request with the key is new, whether or not the pruner (`retention.ts`) has deleted the row yet.
 * The seeded canonical records' keys never expire.
 *
 * Concurrency: the key row is inserted first, inside the creating transaction, under the primary
 * key (client, scope, key). A second transaction inserting the same key waits on PostgreSQL until
 * the first one ends (SQLite runs one writer at a time): if the first committed, the second sees
 * its row and answers with its record; if it rolled back (the request failed), the second creates
 * the record itself. So two concurrent requests with one key create one record, and a failed
 * request does not use up its key. An expired row is taken over by the same statement
 * (`ON CONFLICT … DO UPDATE … WHERE expires_at <= now`), which PostgreSQL re-checks on the
 * newest version of the row: of two concurrent requests with an expired key, one takes it over.
 */
import type { CompiledQuery, QueryResult, Transaction } from 'kysely';
import { SandboxError } from '../errors/sandbox-error.js';
import type { Database } from './database.js';
import type { IdempotencyKeysTable } from './engine-tables.js';
import { affectedRows, type Placeholders, prepareQuery } from './prepared-query.js';

/** How long an idempotency key is remembered from its first use: 24 hours. */
export const IDEMPOTENCY_KEY_LIFETIME_MS = 24 * 60 * 60 * 1000;

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

const claimQuery = prepareQuery((db, p: Placeholders<IdempotencyKeysTable & { now: string }>) =>
  db
    .insertInto('idempotency_keys')
    .values({
      client_id: p.client_id,
      scope: p.scope,
      idempotency_key: p.idempotency_key,
      fingerprint: p.fingerprint,
      resource_id: p.resource_id,
      created_at: p.created_at,
      expires_at: p.expires_at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['client_id', 'scope', 'idempotency_key'])
        .doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          resource_id: eb.ref('excluded.resource_id'),
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        // A key that never expires has a null `expires_at`: the comparison is not true.
        .where('idempotency_keys.expires_at', '<=', p.now),
    ),
);

/**
 * Claims `claim.key` inside `trx`: new when unknown or expired (first used at least
 * {@link IDEMPOTENCY_KEY_LIFETIME_MS} ago). A key still remembered for a request with another
 * fingerprint is refused with `IDEMPOTENCY_KEY_REUSED`.
 */
export async function claimIdempotencyKey(trx: Transaction<Database>, claim: IdempotencyClaim): Promise<ClaimOutcome> {
  return claimOutcome(trx, claim, await trx.executeQuery(claimStatement(trx, claim)));
}

/**
 * The statement of {@link claimIdempotencyKey}, to send together with others (`together.ts`);
 * {@link claimOutcome} then reads its result.
 */
export function claimStatement(trx: Transaction<Database>, claim: IdempotencyClaim): CompiledQuery {
  return claimKeyStatement(trx, claim, new Date(claim.now.getTime() + IDEMPOTENCY_KEY_LIFETIME_MS).toISOString());
}

function claimKeyStatement(
  trx: Transaction<Database>,
  claim: IdempotencyClaim,
  expiresAt: string | null,
): CompiledQuery {
  const now = claim.now.toISOString();
  return claimQuery.compile(trx, {
    client_id: claim.clientId,
    scope: claim.scope,
    idempotency_key: claim.key,
    fingerprint: claim.fingerprint,
    resource_id: claim.resourceId,
    created_at: now,
    expires_at: expiresAt,
    now,
  });
}

/** The outcome of a claim whose statement ({@link claimStatement}) answered `inserted`. */
export async function claimOutcome(
  trx: Transaction<Database>,
  claim: IdempotencyClaim,
  inserted: QueryResult<unknown>,
): Promise<ClaimOutcome> {
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

/**
 * Remembers a key for a record created outside a request (the seeded canonical records), without
 * expiry: the documentation's example create answers with its canonical record whenever it runs.
 */
export async function rememberIdempotencyKey(trx: Transaction<Database>, claim: IdempotencyClaim): Promise<void> {
  const outcome = await claimOutcome(trx, claim, await trx.executeQuery(claimKeyStatement(trx, claim, null)));
  if (outcome.kind === 'repeat' && outcome.resourceId !== claim.resourceId) {
    throw new Error(`idempotency key ${claim.key} already names ${outcome.resourceId}, not ${claim.resourceId}`);
  }
}

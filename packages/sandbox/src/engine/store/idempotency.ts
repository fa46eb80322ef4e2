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
 *
 * A repeat costs no round trip of its own on PostgreSQL ({@link keyClaim}): the key's row and the
 * record it names are read in the flight of the claim, right behind it, so a replay is that
 * flight and the commit.
 */
import type { CompiledQuery, QueryCreator, QueryResult, SelectQueryBuilder, Transaction } from 'kysely';
import { SandboxError } from '../errors/sandbox-error.js';
import type { Database } from './database.js';
import { engineOf } from './engine-of.js';
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
  /** The request claiming the key (a repeat names it, `request_id`); null outside a request (the seed). */
  requestId: string | null;
  now: Date;
}

const claimQuery = prepareQuery((db, p: Placeholders<IdempotencyKeysTable & { now: string }>) =>
  db
    .insertInto('idempotency_keys')
    .values({
      client_id: p.client_id,
      scope: p.scope,
      idempotency_key: p.idempotency_key,
      fingerprint: p.fingerprint,
      resource_id: p.resource_id,
      request_id: p.request_id,
      created_at: p.created_at,
      expires_at: p.expires_at,
    })
    .onConflict((conflict) =>
      conflict
        .columns(['client_id', 'scope', 'idempotency_key'])
        .doUpdateSet((eb) => ({
          fingerprint: eb.ref('excluded.fingerprint'),
          resource_id: eb.ref('excluded.resource_id'),
          request_id: eb.ref('excluded.request_id'),
          created_at: eb.ref('excluded.created_at'),
          expires_at: eb.ref('excluded.expires_at'),
        }))
        // A key that never expires has a null `expires_at`: the comparison is not true.
        .where('idempotency_keys.expires_at', '<=', p.now),
    ),
);

/**
 * The statement claiming `claim.key` inside `trx`: new when unknown or expired (first used at
 * least {@link IDEMPOTENCY_KEY_LIFETIME_MS} ago); {@link KeyClaim.outcome} then reads its result.
 */
function claimStatement(trx: Transaction<Database>, claim: IdempotencyClaim): CompiledQuery {
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
    request_id: claim.requestId,
    created_at: now,
    expires_at: expiresAt,
    now,
  });
}

/** Which key a record is looked up by: the parameters of {@link resourceIdOfKey}. */
export interface KeyOfRecord {
  clientId: string;
  scope: string;
  key: string;
}

/**
 * The `resource_id` the key (`p`: placeholders of a prepared query) names, as a scalar subquery:
 * a read of the record a key names builds on it (`where <id column> = resourceIdOfKey(db, p)`),
 * to send in the flight of the claim ({@link keyClaim}).
 */
export function resourceIdOfKey(
  db: QueryCreator<Database>,
  p: KeyOfRecord,
): SelectQueryBuilder<Database, 'idempotency_keys', { resource_id: string }> {
  return db
    .selectFrom('idempotency_keys')
    .select('resource_id')
    .where('client_id', '=', p.clientId)
    .where('scope', '=', p.scope)
    .where('idempotency_key', '=', p.key);
}

/**
 * The key's row if this request holds the key now (its claim inserted it or took it over), as a
 * subquery (`claim` may be placeholders of a prepared query): a write sent in the flight of the
 * claim that must stand only when the request creates its record (not for a repeat) adds
 * `where exists (heldByThisRequest(db, claim))`.
 */
export function heldByThisRequest(
  db: QueryCreator<Database>,
  claim: KeyOfRecord & { resourceId: string },
): SelectQueryBuilder<Database, 'idempotency_keys', { resource_id: string }> {
  return resourceIdOfKey(db, claim).where('resource_id', '=', claim.resourceId);
}

const keyRowQuery = prepareQuery((db, p: Placeholders<KeyOfRecord>) =>
  resourceIdOfKey(db, p).select(['fingerprint', 'request_id']),
);

/** How a create reads the record a key names: by the key in the claim's flight, or by id afterwards. */
export interface RecordOfKey<R> {
  /** The record the key names (built on {@link resourceIdOfKey}), as a statement. */
  byKey(trx: Transaction<Database>, key: KeyOfRecord): CompiledQuery<R>;
  /** The client's record `resourceId`, if any. */
  byId(trx: Transaction<Database>, clientId: string, resourceId: string): Promise<R | undefined>;
}

/**
 * Either this request owns the key now (create the record), or it repeats the request that created
 * `record`: `requestId` is that request's `request_id` (null for a record created outside a
 * request, such as the seeded canonical records, or before keys named their request).
 */
export type ClaimedRecord<R> = { kind: 'new' } | { kind: 'repeat'; record: R; requestId: string | null };

/**
 * A key's claim sent in one flight with the reads of the create (`together.ts`): put
 * {@link KeyClaim.claim} first and {@link KeyClaim.repeatReads} last in the flight, then hand
 * their results to {@link KeyClaim.outcome}.
 */
export interface KeyClaim<R> {
  /** The claim's statement ({@link claimStatement}). */
  claim: CompiledQuery;
  /**
   * On PostgreSQL the key's row and the record it names, read after the claim in the same flight
   * (they see the row a concurrent request committed while the claim waited for it); none on
   * SQLite, where a repeat reads them afterwards, so a new record costs nothing more.
   */
  repeatReads: CompiledQuery<unknown>[];
  /** The outcome, from the claim's result and the results of {@link KeyClaim.repeatReads}. */
  outcome(claimed: QueryResult<unknown>, repeatResults: readonly QueryResult<unknown>[]): Promise<ClaimedRecord<R>>;
}

/**
 * Prepares the claim of `claim.key` inside `trx` (see {@link claimStatement}) so that a
 * repeat's record comes in the claim's flight: a repeat of the request gets the record the key
 * names, a key still remembered for a request with another fingerprint is refused with
 * `IDEMPOTENCY_KEY_REUSED`.
 */
export function keyClaim<R>(trx: Transaction<Database>, claim: IdempotencyClaim, record: RecordOfKey<R>): KeyClaim<R> {
  const key = { clientId: claim.clientId, scope: claim.scope, key: claim.key };
  const inFlight = engineOf(trx) === 'postgres';
  return {
    claim: claimStatement(trx, claim),
    repeatReads: inFlight ? [keyRowQuery.compile(trx, key), record.byKey(trx, key)] : [],
    async outcome(claimed, [keyRow, found] = []) {
      if (affectedRows(claimed) === 1) {
        return { kind: 'new' };
      }
      const existing = (keyRow?.rows[0] as KeyRow | undefined) ?? (await keyRowQuery.executeTakeFirst(trx, key));
      const resourceId = repeatedResource(claim, existing);
      const earlier = (found?.rows[0] as R | undefined) ?? (await record.byId(trx, claim.clientId, resourceId));
      if (earlier === undefined) {
        throw new Error(`idempotency key ${claim.key} names a missing ${claim.scope} ${resourceId}`);
      }
      return { kind: 'repeat', record: earlier, requestId: existing?.request_id ?? null };
    },
  };
}

/** The columns of a key's row a repeat reads. */
type KeyRow = Pick<IdempotencyKeysTable, 'fingerprint' | 'resource_id' | 'request_id'>;

/** The resource a key that was not claimed names, if the claim repeats its request (else refused). */
function repeatedResource(claim: IdempotencyClaim, existing: KeyRow | undefined): string {
  if (!existing) {
    throw new Error(`idempotency key ${claim.key} was neither claimed nor found`);
  }
  if (existing.fingerprint !== claim.fingerprint) {
    throw idempotencyKeyReused(claim.key);
  }
  return existing.resource_id;
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
  if (affectedRows(await trx.executeQuery(claimKeyStatement(trx, claim, null))) === 1) {
    return;
  }
  const key = { clientId: claim.clientId, scope: claim.scope, key: claim.key };
  const resourceId = repeatedResource(claim, await keyRowQuery.executeTakeFirst(trx, key));
  if (resourceId !== claim.resourceId) {
    throw new Error(`idempotency key ${claim.key} already names ${resourceId}, not ${claim.resourceId}`);
  }
}

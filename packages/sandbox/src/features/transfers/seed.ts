/**
 * Seeds the canonical transfers world (`canonical.ts`): the origination accounts of the default
 * and demo clients, and the default client's authorizations and transfer with its idempotency
 * key. Inserts skip what exists, so instances starting together on one PostgreSQL seed it once.
 */
import type { Transaction } from 'kysely';
import { type Database, rememberIdempotencyKey, requestFingerprint } from '../../engine/index.js';
import { type CanonicalWorld, DEFAULT_WORLD, DEMO_CLIENT } from '../world/index.js';
import { CANONICAL_AUTHORIZATIONS, CANONICAL_TRANSFER, CANONICAL_TRANSFER_ACCOUNTS } from './canonical.js';
import { provisionOriginationAccounts } from './origination-account-queries.js';
import { insertTransfer } from './queries.js';

type Trx = Transaction<Database>;

const at = (time: string) => new Date(time).toISOString();

/**
 * Seeds the transfers world of `world`'s client at time `now` (used for rows without a canonical
 * time); the default world also gives the demo client its origination accounts.
 */
export async function seedTransferWorld(trx: Trx, now: Date, world: CanonicalWorld = DEFAULT_WORLD): Promise<void> {
  await provisionOriginationAccounts(trx, world.clientId, now, world);
  if (world === DEFAULT_WORLD) {
    await provisionOriginationAccounts(trx, DEMO_CLIENT.clientId, now);
  }
  const clientId = world.clientId;
  const { achClass } = CANONICAL_TRANSFER_ACCOUNTS;
  const itemId = world.id(CANONICAL_TRANSFER_ACCOUNTS.itemId);
  const accountId = world.id(CANONICAL_TRANSFER_ACCOUNTS.accountId);
  const originationAccountId = world.id(CANONICAL_TRANSFER_ACCOUNTS.originationAccountId);
  const transferId = world.id(CANONICAL_TRANSFER.id);
  const first = CANONICAL_AUTHORIZATIONS[0];
  for (const authorization of CANONICAL_AUTHORIZATIONS) {
    const inserted = await trx
      .insertInto('transfer_authorizations')
      .values({
        authorization_id: world.id(authorization.id),
        client_id: clientId,
        item_id: itemId,
        account_id: accountId,
        created: at(authorization.created),
        decision: authorization.decision,
        decision_rationale: authorization.rationale,
        type: authorization.type,
        network: authorization.network,
        ach_class: achClass,
        amount: authorization.amount,
        user_details: JSON.stringify(authorization.user),
        origination_account_id: originationAccountId,
        transfer_id: authorization.id === CANONICAL_TRANSFER.request.authorization_id ? transferId : null,
      })
      .onConflict((conflict) => conflict.column('authorization_id').doNothing())
      .executeTakeFirst();
    if (authorization === first && Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) {
      return; // Seeded before (by this or another instance).
    }
  }
  const request = world.request(CANONICAL_TRANSFER.request);
  await insertTransfer(
    trx,
    {
      transfer_id: transferId,
      client_id: clientId,
      item_id: itemId,
      authorization_id: request.authorization_id,
      account_id: request.account_id,
      ach_class: request.ach_class,
      amount: request.amount,
      status: 'pending',
      cancellable: 1,
      created: at(CANONICAL_TRANSFER.created),
      description: request.description,
      failure_reason: null,
      metadata: JSON.stringify(request.metadata),
      network: request.network,
      origination_account_id: request.origination_account_id,
      type: request.type,
      user_details: JSON.stringify(request.user),
    },
    null,
  );
  await rememberIdempotencyKey(trx, {
    clientId,
    scope: 'transfer',
    key: request.idempotency_key,
    fingerprint: requestFingerprint('transferCreate', request),
    resourceId: transferId,
    requestId: null,
    now: new Date(at(CANONICAL_TRANSFER.created)),
  });
}

/**
 * Seeds the canonical Signal evaluation of the docs.
 */
import type { Transaction } from 'kysely';
import type { Database } from '../../engine/index.js';
import { CANONICAL_ACCOUNT_IDS, CANONICAL_ITEM, type CanonicalWorld, DEFAULT_WORLD } from '../world/index.js';
import { saveEvaluation } from './queries.js';
import { evaluateSignal } from './scores.js';

type Trx = Transaction<Database>;

/** The debit of the docs evaluated earlier (`client_transaction_id` b6d3c1e0-…), so that the
 * `/signal/return/report` example of the docs works on a fresh store. */
export const CANONICAL_EVALUATION = {
  clientTransactionId: 'b6d3c1e0-4f2a-4c8e-9d7b-1a2e3f4c5d6e',
  amount: 102.05,
} as const;

/** Seeds {@link CANONICAL_EVALUATION} on the canonical checking account, unless it is there. */
export async function seedCanonicalEvaluation(
  trx: Trx,
  now: Date,
  world: CanonicalWorld = DEFAULT_WORLD,
): Promise<void> {
  const present = await trx
    .selectFrom('signal_evaluations')
    .select('client_transaction_id')
    .where('client_id', '=', world.clientId)
    .where('client_transaction_id', '=', CANONICAL_EVALUATION.clientTransactionId)
    .executeTakeFirst();
  if (present) {
    return;
  }
  const result = evaluateSignal({
    amount: CANONICAL_EVALUATION.amount,
    available: 100,
    current: 110,
    subtype: 'checking',
    userPresent: true,
    user: undefined,
    device: undefined,
    daysSinceFirstConnection: 0,
    nsfOverdraftCount30d: 0,
    totalCreditAmount30d: 0,
  });
  await saveEvaluation(trx, {
    client_id: world.clientId,
    client_transaction_id: CANONICAL_EVALUATION.clientTransactionId,
    item_id: world.id(CANONICAL_ITEM.itemId),
    account_id: world.id(CANONICAL_ACCOUNT_IDS[0]),
    amount: CANONICAL_EVALUATION.amount,
    result: JSON.stringify(result),
    evaluated_at: now.toISOString(),
    return_code: null,
    returned_at: null,
  });
}

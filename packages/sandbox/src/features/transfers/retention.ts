/**
 * Retention of transfer authorizations: one never used for a transfer is deleted once older than
 * the retention age (`RetentionPolicy.recordAgeMs`, default 24 hours); creating a transfer with it
 * afterwards fails with `INVALID_AUTHORIZATION_ID`. The seeded authorizations of the docs'
 * examples stay. A used authorization stays as long as its
 * transfer (which is never pruned), so `TRANSFER_AUTHORIZATION_ALREADY_USED` keeps naming it.
 */
import { deleteDueRows, type RetentionStep } from '../../engine/index.js';
import { CANONICAL_AUTHORIZATIONS } from './canonical.js';

/** The seeded authorizations of the docs' examples, kept whatever their age. */
const CANONICAL_IDS = CANONICAL_AUTHORIZATIONS.map((authorization) => authorization.id);

/** Deletes authorizations never used and created more than `recordAgeMs` ago, except the canonical ones. */
export const unusedAuthorizationsRetention: RetentionStep = {
  name: 'transfer_authorizations',
  pruneBatch(store, now, policy) {
    const before = new Date(now.getTime() - policy.recordAgeMs).toISOString();
    return deleteDueRows(
      store,
      'transfer_authorizations',
      (db) =>
        db
          .selectFrom('transfer_authorizations')
          .where('transfer_id', 'is', null)
          .where('created', '<=', before)
          .where('authorization_id', 'not in', CANONICAL_IDS),
      policy.batchSize,
    );
  },
};

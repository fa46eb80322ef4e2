import { describe, expect, it } from 'vitest';
import { transferMoveRefusal } from '../../../src/features/transfers/moves.js';
import { TRANSFER_TRANSITIONS, type TransferStatus } from '../../../src/features/transfers/transfer-status.js';

const STATUSES = Object.keys(TRANSFER_TRANSITIONS) as TransferStatus[];
const R01 = { ach_return_code: 'R01', description: 'Insufficient funds' };
/** The failure reason a move to `to` needs (none for posted and settled). */
const failureFor = (to: TransferStatus) => (to === 'failed' || to === 'returned' ? R01 : null);

/** The state machine of the spec's TransferStatus description, written out. */
const ALLOWED = new Set([
  'pending→posted',
  'pending→cancelled',
  'pending→failed',
  'posted→settled',
  'posted→returned',
  'settled→returned',
]);

describe('transferMoveRefusal: every status pair', () => {
  const pairs = STATUSES.flatMap((from) => STATUSES.map((to) => [from, to] as const));
  it.each(pairs)('%s → %s', (from, to) => {
    const refusal = transferMoveRefusal('t-1', { status: from }, { to, failure: failureFor(to) });
    if (ALLOWED.has(`${from}→${to}`)) {
      expect(refusal).toBeNull();
    } else {
      expect(refusal).toEqual({
        code: 'TRANSFER_STATUS_TRANSITION_NOT_ALLOWED',
        transferId: 't-1',
        from,
        to,
        allowed: TRANSFER_TRANSITIONS[from],
      });
    }
  });
});

describe('transferMoveRefusal: failure reasons', () => {
  it.each([
    ['unknown transfer', undefined, 'posted', null, { code: 'INVALID_TRANSFER_ID', transferId: 't-1' }],
    ['posted with a reason', 'pending', 'posted', R01, { code: 'FAILURE_REASON_NOT_ALLOWED', to: 'posted' }],
    ['settled with a reason', 'posted', 'settled', R01, { code: 'FAILURE_REASON_NOT_ALLOWED', to: 'settled' }],
    ['failed without a reason', 'pending', 'failed', null, { code: 'FAILURE_REASON_REQUIRED', to: 'failed' }],
    ['returned without a reason', 'posted', 'returned', null, { code: 'FAILURE_REASON_REQUIRED', to: 'returned' }],
    [
      'returned without a return code',
      'settled',
      'returned',
      { ach_return_code: null, description: 'Returned' },
      { code: 'ACH_RETURN_CODE_REQUIRED' },
    ],
    [
      'failed with an unassigned code',
      'pending',
      'failed',
      { ach_return_code: 'R00', description: 'x' },
      { code: 'ACH_RETURN_CODE_UNASSIGNED', returnCode: 'R00' },
    ],
    [
      'returned with an unassigned code',
      'posted',
      'returned',
      { ach_return_code: 'R99', description: 'x' },
      { code: 'ACH_RETURN_CODE_UNASSIGNED', returnCode: 'R99' },
    ],
    [
      'failed without a return code (before the network)',
      'pending',
      'failed',
      { ach_return_code: null, description: 'Rejected' },
      null,
    ],
    [
      'returned with R85 (the last assigned code)',
      'posted',
      'returned',
      { ach_return_code: 'R85', description: 'x' },
      null,
    ],
  ] as const)('%s', (_name, status, to, failure, expected) => {
    const transfer = status === undefined ? undefined : { status };
    expect(transferMoveRefusal('t-1', transfer, { to, failure })).toEqual(expected);
  });
});

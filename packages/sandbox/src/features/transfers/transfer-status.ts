/**
 * The life of a transfer (`TransferStatus` in the spec): its statuses, the allowed transitions and
 * when it can be cancelled. Every transition adds a transfer event named after the new status.
 */
import type { components } from '@svc/spec/types';

/** A transfer's status: the spec's `TransferStatus` (the transitions below name every one of them). */
export type TransferStatus = components['schemas']['TransferStatus'];

/** Allowed transitions, from → to (the spec's table). */
export const TRANSFER_TRANSITIONS: Readonly<Record<TransferStatus, readonly TransferStatus[]>> = {
  pending: ['posted', 'cancelled', 'failed'],
  posted: ['settled', 'returned'],
  settled: ['returned'],
  cancelled: [],
  failed: [],
  returned: [],
};

/** Whether a transfer may move from `from` to `to`. */
export function canMoveTransfer(from: TransferStatus, to: TransferStatus): boolean {
  return TRANSFER_TRANSITIONS[from].includes(to);
}

/** The statuses from which `to` can be reached. */
export function transferStatusesBefore(to: TransferStatus): TransferStatus[] {
  return (Object.keys(TRANSFER_TRANSITIONS) as TransferStatus[]).filter((from) => canMoveTransfer(from, to));
}

/** Whether a status is final (no transition leaves it). */
export function isFinalTransferStatus(status: TransferStatus): boolean {
  return TRANSFER_TRANSITIONS[status].length === 0;
}

/** Whether entering `status` needs a failure reason (`failed`, `returned`). */
export function needsFailureReason(status: TransferStatus): boolean {
  return status === 'failed' || status === 'returned';
}

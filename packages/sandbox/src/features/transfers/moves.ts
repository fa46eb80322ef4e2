/**
 * Moving a transfer along its life (`transfer-status.ts`): the pure rule that says whether a move
 * is allowed, and what follows a move that stands in the caller's transaction (the transfer event
 * and the `TRANSFER_EVENTS_UPDATE` webhook, with the commit). `/sandbox/transfer/simulate` uses
 * both, its conditional update sent with its read (`simulate-operation.ts`); the moves a client's
 * test clock makes (`auto-moves.ts`) use the same fields and finish.
 */
import type { components } from '@svc/spec/types';
import type { CompiledQuery, Transaction } from 'kysely';
import type { Database } from '../../engine/index.js';
import { isAssignedReturnCode } from '../signal/index.js';
import { finishWithTransferEvent, type TransferRow, transferLifecycle } from './queries.js';
import type { TransferRefusal } from './rules.js';
import { canMoveTransfer, needsFailureReason, TRANSFER_TRANSITIONS, type TransferStatus } from './transfer-status.js';

/** Why a transfer failed or was returned: the spec's `TransferFailure`. */
export type TransferFailure = components['schemas']['TransferFailure'];

/** A requested move: the status to enter and, for `failed` and `returned`, why. */
export interface TransferMove {
  to: TransferStatus;
  failure: TransferFailure | null;
}

/** What a move writes over the transfer: the new status, `cancellable` cleared, the failure reason (JSON) or null. */
export function transferMoveFields(move: TransferMove): Pick<TransferRow, 'status' | 'cancellable' | 'failure_reason'> {
  return {
    status: move.to,
    cancellable: 0,
    failure_reason: move.failure === null ? null : JSON.stringify(move.failure),
  };
}

/**
 * The refusal of moving `transfer` (undefined when the client has no transfer `transferId`) as
 * `move` asks, or null when the move is allowed: the transfer exists, the transition is in the
 * state machine, and a failure reason (required exactly for `failed` and `returned`) carries an
 * assigned ACH return code, non-null for `returned`.
 */
export function transferMoveRefusal(
  transferId: string,
  transfer: { status: string } | undefined,
  move: TransferMove,
): TransferRefusal | null {
  if (!transfer) {
    return { code: 'INVALID_TRANSFER_ID', transferId };
  }
  const from = transfer.status as TransferStatus;
  if (!canMoveTransfer(from, move.to)) {
    return {
      code: 'TRANSFER_STATUS_TRANSITION_NOT_ALLOWED',
      transferId,
      from,
      to: move.to,
      allowed: TRANSFER_TRANSITIONS[from],
    };
  }
  if (!needsFailureReason(move.to)) {
    return move.failure === null ? null : { code: 'FAILURE_REASON_NOT_ALLOWED', to: move.to };
  }
  if (move.failure === null) {
    return { code: 'FAILURE_REASON_REQUIRED', to: move.to };
  }
  const returnCode = move.failure.ach_return_code;
  if (returnCode === null) {
    return move.to === 'returned' ? { code: 'ACH_RETURN_CODE_REQUIRED' } : null;
  }
  return isAssignedReturnCode(returnCode) ? null : { code: 'ACH_RETURN_CODE_UNASSIGNED', returnCode };
}

/**
 * The rest of a move whose update stands (`moved`: the transfer as it is now): the
 * `TRANSFER_EVENTS_UPDATE` webhook to `url` (the webhook URL of the transfer's Item; null: none)
 * and the transfer event of the new status, as the transaction's last statements: call it last
 * (on PostgreSQL both are sent with the commit). Both link to request `requestId`. The
 * `alongside` statements (the next move scheduled, say) are sent with them.
 */
export async function finishTransferMove(
  trx: Transaction<Database>,
  moved: TransferRow,
  url: string | null,
  now: Date,
  requestId: string | null,
  alongside: readonly CompiledQuery[] = [],
): Promise<{ transfer: TransferRow; webhookQueued: boolean }> {
  const webhook = transferLifecycle.eventsUpdateWebhook(trx, moved, url, now, requestId);
  // The webhook and the event id last, sent with the commit (PostgreSQL): the stream's counter
  // row stays locked only for the end of the transaction.
  await finishWithTransferEvent(trx, moved, moved.status, now.toISOString(), requestId, [...alongside, ...webhook]);
  return { transfer: moved, webhookQueued: url !== null };
}

/**
 * `/sandbox/transfer/simulate`: moves a transfer one step along its state machine
 * (`transfer-status.ts`) as the ACH network would, through the rule and the move of `moves.ts`.
 * Transfers do not move by schedule in the sandbox; this operation (and `/transfer/cancel`) is
 * the only way a transfer changes status.
 */
import { refuseIf } from '../../engine/errors/refusal.js';
import type { HandlerGroup } from '../../engine/handler-types.js';
import { transferRefusalError } from './errors.js';
import { applyTransferMove, type TransferMove, transferMoveRefusal } from './moves.js';
import { presentTransfer } from './present.js';
import { transferOf } from './queries.js';

/** The transfer simulation handler. */
export const transferSimulationHandlers: HandlerGroup<'sandboxTransferSimulate'> = {
  async sandboxTransferSimulate(request, context) {
    const clientId = context.client.client_id;
    const move: TransferMove = { to: request.event_type, failure: request.failure_reason ?? null };
    const { transfer, webhookQueued } = await context.store.transaction(async (trx) => {
      const found = await transferOf(trx, clientId, request.transfer_id);
      refuseIf(transferMoveRefusal(request.transfer_id, found, move), transferRefusalError);
      const moved = found && (await applyTransferMove(trx, found, move, context.now, context.requestId));
      if (!moved) {
        // A concurrent move changed it between the read and the update: refused on the row as it is now.
        refuseIf(
          transferMoveRefusal(request.transfer_id, await transferOf(trx, clientId, request.transfer_id), move),
          transferRefusalError,
        );
        throw new Error(`transfer ${request.transfer_id} can move to ${move.to} but the update changed no row`);
      }
      return moved;
    });
    if (webhookQueued) {
      context.webhooksCommitted();
    }
    return { transfer: presentTransfer(transfer) };
  },
};

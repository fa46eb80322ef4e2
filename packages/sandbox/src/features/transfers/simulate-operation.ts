/**
 * `/sandbox/transfer/simulate`: moves a transfer one step along its state machine
 * (`transfer-status.ts`) as the ACH network would, through the rule and the move of `moves.ts`.
 * Unless the client asked for transfers that move by themselves (`auto-moves.ts`), this
 * operation (and `/transfer/cancel`) is the only way a transfer changes status.
 *
 * One flight reads the transfer (with its Item's webhook URL) and makes the move, a conditional
 * update from any status the move may start from, which stands only if the rule allows the move
 * from the status read (a refusal throws: all is rolled back); then the webhook, and the event
 * with the commit.
 */
import { affectedRows, type HandlerGroup, refuseIf, together } from '../../engine/index.js';
import { transferRefusalError } from './errors.js';
import { finishTransferMove, type TransferMove, transferMoveFields, transferMoveRefusal } from './moves.js';
import { presentTransfer } from './present.js';
import { type TransferRow, transferLifecycle } from './queries.js';
import { transferStatusesBefore } from './transfer-status.js';

/** The transfer simulation handler. */
export const transferSimulationHandlers: HandlerGroup<'sandboxTransferSimulate'> = {
  async sandboxTransferSimulate(request, context) {
    const clientId = context.client.client_id;
    const move: TransferMove = { to: request.event_type, failure: request.failure_reason ?? null };
    const from = transferStatusesBefore(move.to);
    const fields = transferMoveFields(move);
    const { transfer, webhookQueued } = await context.store.transaction(async (trx) => {
      const [read, updated] = await together(trx, [
        transferLifecycle.withWebhookStatement(trx, clientId, request.transfer_id),
        ...(from.length > 0 ? [transferLifecycle.moveStatement(trx, clientId, request.transfer_id, from, fields)] : []),
      ]);
      const found = read.rows[0];
      refuseIf(transferMoveRefusal(request.transfer_id, found, move), transferRefusalError);
      if (!found || !updated || affectedRows(updated) !== 1) {
        // A concurrent move changed it between the read and the update: refused on the row as it is now.
        refuseIf(
          transferMoveRefusal(
            request.transfer_id,
            await transferLifecycle.recordOf(trx, clientId, request.transfer_id),
            move,
          ),
          transferRefusalError,
        );
        throw new Error(`transfer ${request.transfer_id} can move to ${move.to} but the update changed no row`);
      }
      const { item_webhook, ...stored } = found;
      const moved: TransferRow = { ...stored, ...fields };
      return finishTransferMove(trx, moved, item_webhook, context.now, context.requestId);
    });
    if (webhookQueued) {
      context.webhooksCommitted();
    }
    return { transfer: presentTransfer(transfer) };
  },
};

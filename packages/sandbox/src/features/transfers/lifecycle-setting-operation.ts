/**
 * `/sandbox/transfer/lifecycle/update`: how the calling client's transfers move on from now on,
 * `on_simulate` (only by simulation and cancel: every client's setting until it chooses) or
 * `automatically` (by the client's test clock: `auto-moves.ts`). Stored on the client's row
 * (`clients.transfers_move`): configuration, which a reset or restore keeps.
 */
import { finishWith, type HandlerGroup } from '../../engine/index.js';

/** The transfer lifecycle setting handler. */
export const transferLifecycleSettingHandlers: HandlerGroup<'sandboxTransferLifecycleUpdate'> = {
  async sandboxTransferLifecycleUpdate(request, context) {
    await context.store.transaction((trx) =>
      finishWith(trx, () =>
        trx
          .updateTable('clients')
          .set({ transfers_move: request.transfers_move })
          .where('client_id', '=', context.client.client_id)
          .execute(),
      ),
    );
    return { transfers_move: request.transfers_move };
  },
};

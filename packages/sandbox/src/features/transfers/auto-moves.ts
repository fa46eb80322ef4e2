/**
 * Transfers that move by themselves, for a client that asked for it (`clients.transfers_move` is
 * `automatically`: `lifecycle-setting-operation.ts`): a transfer created while it is set becomes
 * `posted` at the next FedACH window after its creation and `settled` one US banking day later
 * (`ach-schedule.ts`), when the client's test clock passes those times (due work of kinds
 * {@link TRANSFER_POST} and {@link TRANSFER_SETTLE}, performed by `/sandbox/clock/advance`).
 *
 * The post is scheduled by the create itself, in one conditional insert that reads the setting
 * (sent with the create's other statements: no round trip more); the post schedules the settle.
 * Each move is the one `/sandbox/transfer/simulate` makes (`moves.ts`: its fields, its event and
 * webhook), at the work's time and linked to no request, by a conditional update from exactly
 * the status the step starts from: a transfer cancelled, failed or moved by a simulation first
 * is left as it is (the performer changes nothing and says so).
 */
import type { CompiledQuery, Transaction } from 'kysely';
import {
  affectedRows,
  type Database,
  type DuePerformer,
  type DueWork,
  dueWorkIfClientStatement,
  dueWorkStatement,
  settleFinishing,
  together,
} from '../../engine/index.js';
import { nextAchWindow, settlementTime } from './ach-schedule.js';
import { finishTransferMove, transferMoveFields } from './moves.js';
import { type TransferRow, transferLifecycle } from './queries.js';
import type { TransferStatus } from './transfer-status.js';

/** The due-work kind that posts a pending transfer at its ACH window; its subject is the transfer id. */
export const TRANSFER_POST = 'transfer_post';

/** The due-work kind that settles a posted transfer a banking day later; its subject is the transfer id. */
export const TRANSFER_SETTLE = 'transfer_settle';

/** The setting of a client whose transfers move by themselves. */
export const TRANSFERS_MOVE_AUTOMATICALLY = 'automatically';

/**
 * The statement scheduling the post of the new `transfer` (created at the client's time `now`)
 * if its client's transfers move by themselves, to send with the create's statements.
 */
export function scheduledPostStatement(trx: Transaction<Database>, transfer: TransferRow, now: Date): CompiledQuery {
  return dueWorkIfClientStatement(
    trx,
    {
      clientId: transfer.client_id,
      dueAt: nextAchWindow(new Date(transfer.created)),
      kind: TRANSFER_POST,
      subject: transfer.transfer_id,
      now,
    },
    { column: 'transfers_move', equals: TRANSFERS_MOVE_AUTOMATICALLY },
  );
}

/** One step of a transfer that moves by itself: the status it starts from and the one it enters. */
interface Step {
  from: TransferStatus;
  to: 'posted' | 'settled';
}

/**
 * Moves the transfer `work` names along `step` at the work's time, as a simulation would; `next`
 * gives the statements sent with the move (the next step scheduled). Resolves with whether it
 * moved: false when the transfer is gone or no longer in `step.from`.
 */
async function moveAtDueTime(
  trx: Transaction<Database>,
  work: DueWork,
  step: Step,
  next: (moved: TransferRow) => CompiledQuery[] = () => [],
): Promise<boolean> {
  const fields = transferMoveFields({ to: step.to, failure: null });
  const [read, updated] = await together(trx, [
    transferLifecycle.withWebhookStatement(trx, work.clientId, work.subject),
    transferLifecycle.moveStatement(trx, work.clientId, work.subject, [step.from], fields),
  ]);
  const found = read?.rows[0];
  if (!found || !updated || affectedRows(updated) !== 1) {
    return false;
  }
  const { item_webhook, ...stored } = found;
  const moved: TransferRow = { ...stored, ...fields };
  await finishTransferMove(trx, moved, item_webhook, work.dueAt, null, next(moved));
  // The due-work runner performs more items in this transaction: let the next one send.
  await settleFinishing(trx);
  return true;
}

/** Posts a pending transfer at its ACH window and schedules its settlement. */
export const transferPostPerformer: DuePerformer = {
  kind: TRANSFER_POST,
  perform: (trx, work) =>
    moveAtDueTime(trx, work, { from: 'pending', to: 'posted' }, (moved) => [
      dueWorkStatement(trx, {
        clientId: moved.client_id,
        dueAt: settlementTime(work.dueAt),
        kind: TRANSFER_SETTLE,
        subject: moved.transfer_id,
        now: work.dueAt,
      }),
    ]),
};

/** Settles a transfer the clock posted, a banking day later, unless something moved it first. */
export const transferSettlePerformer: DuePerformer = {
  kind: TRANSFER_SETTLE,
  perform: (trx, work) => moveAtDueTime(trx, work, { from: 'posted', to: 'settled' }),
};

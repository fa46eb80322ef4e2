/**
 * Refunds that move: a refund `INITIATED` by a reversal becomes `EXECUTED` at the start (00:00
 * UTC) of the first UK banking day after the reversal, when the client's test clock passes it
 * (due work of kind {@link REFUND_EXECUTION}, scheduled with the reversal), unless
 * `/sandbox/payment/refund/simulate` moved it first (to `EXECUTED` or `FAILED`). Each move is one
 * conditional UPDATE from `INITIATED`, so of a simulation and a scheduled execution exactly one
 * moves the refund (a simulation decides on the payment read locked, then sends the move with
 * its commit).
 */
import type { Transaction } from 'kysely';
import {
  type Database,
  type DuePerformer,
  finishWith,
  type HandlerGroup,
  SandboxError,
  scheduleDueWork,
} from '../../engine/index.js';
import { changedNoRow, paymentToChange } from './access.js';
import { presentPayment } from './present.js';
import type { PaymentRow } from './queries.js';
import { addDays, nextUkWorkingDay, ukDate } from './uk-calendar.js';

/** The due-work kind that executes a refund; its subject is the payment id. */
export const REFUND_EXECUTION = 'refund_execution';

/** A final refund status. */
type RefundOutcome = 'EXECUTED' | 'FAILED';

/** When the refund of a reversal made at `reversedAt` is executed: 00:00 UTC of the next UK banking day. */
export function refundExecutionTime(reversedAt: Date): Date {
  return new Date(`${nextUkWorkingDay(addDays(ukDate(reversedAt), 1))}T00:00:00.000Z`);
}

/** Schedules the execution of the refund of `paymentId`, reversed at `now`, inside the reversal's `trx`. */
export async function scheduleRefundExecution(
  trx: Transaction<Database>,
  input: { clientId: string; paymentId: string; now: Date },
): Promise<void> {
  await scheduleDueWork(trx, {
    clientId: input.clientId,
    dueAt: refundExecutionTime(input.now),
    kind: REFUND_EXECUTION,
    subject: input.paymentId,
    now: input.now,
  });
}

/**
 * Moves the refund of the payment from `INITIATED` to `outcome`: the payment after the move, or
 * undefined when its refund is not `INITIATED`.
 */
async function moveRefund(
  trx: Transaction<Database>,
  input: { clientId: string; paymentId: string; outcome: RefundOutcome },
): Promise<PaymentRow | undefined> {
  const moved = await trx
    .updateTable('payments')
    .set({ refund_status: input.outcome })
    .where('client_id', '=', input.clientId)
    .where('payment_id', '=', input.paymentId)
    .where('refund_status', '=', 'INITIATED')
    .returningAll()
    .executeTakeFirst();
  return moved as PaymentRow | undefined;
}

function refundTransitionInvalid(message: string): SandboxError {
  return new SandboxError({ type: 'SANDBOX_ERROR', code: 'SANDBOX_REFUND_STATUS_TRANSITION_INVALID', message });
}

/** Executes a refund whose time came, unless a simulation moved it before. */
export const refundExecutionPerformer: DuePerformer = {
  kind: REFUND_EXECUTION,
  async perform(trx, work) {
    const moved = await moveRefund(trx, { clientId: work.clientId, paymentId: work.subject, outcome: 'EXECUTED' });
    return moved !== undefined;
  },
};

/** `/sandbox/payment/refund/simulate`, decided on the payment read locked; the move goes with the commit. */
export const refundHandlers: HandlerGroup<'sandboxPaymentRefundSimulate'> = {
  async sandboxPaymentRefundSimulate(request, context) {
    const clientId = context.client.client_id;
    const outcome = await context.store.transaction(async (trx) => {
      const current = await paymentToChange(trx, clientId, request.payment_id);
      if (current.refund_id === null) {
        throw refundTransitionInvalid(
          `payment_id ${current.payment_id} has no refund; reverse it with /payment_initiation/payment/reverse first`,
        );
      }
      if ((current.refund_status ?? 'INITIATED') === request.status) {
        return { payment: current };
      }
      if (current.refund_status !== 'INITIATED') {
        throw refundTransitionInvalid(
          `the refund ${current.refund_id} of payment_id ${current.payment_id} is ${current.refund_status}, a final status; it cannot become ${request.status}`,
        );
      }
      const moved = await finishWith(trx, () =>
        moveRefund(trx, { clientId, paymentId: current.payment_id, outcome: request.status }),
      );
      return { moved };
    });
    const payment = 'payment' in outcome ? outcome.payment : await outcome.moved.answer;
    if (!payment) {
      throw changedNoRow('refund move', request.payment_id);
    }
    return { payment: presentPayment(payment, context.now) };
  },
};

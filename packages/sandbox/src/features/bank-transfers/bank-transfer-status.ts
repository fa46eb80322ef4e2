/**
 * The life of a bank transfer (`BankTransferStatus` in the spec): statuses, transitions, which
 * events the sandbox can simulate, the failure reason a simulated failure gets, what the
 * receiving bank reports, and how each transition moves the origination account's available
 * balance.
 */
import type { components } from '@svc/spec/types';

type Schemas = components['schemas'];

/** A bank transfer's status (also the type of the event that entered it): the spec's `BankTransferStatus`. */
export type BankTransferStatus = Schemas['BankTransferStatus'];

/** The events `/sandbox/bank_transfer/simulate` produces (its request's `event_type`). */
export type SimulatedBankTransferEvent = Schemas['SandboxBankTransferSimulateRequest']['event_type'];

/** `credit` pays out of the origination account, `debit` pulls into it. */
export type TransferType = Schemas['TransferType'];

/** `outbound` for credits, `inbound` for debits. */
export type BankTransferDirection = Schemas['BankTransferDirection'];

/** A bank transfer's network. */
export type BankTransferNetwork = Schemas['BankTransferNetwork'];

/** Why a bank transfer failed or was reversed. */
export type BankTransferFailure = Schemas['BankTransferFailure'];

/** Allowed transitions, from → to (the spec's table; `pending` is entered by creation). */
export const BANK_TRANSFER_TRANSITIONS: Readonly<Record<BankTransferStatus, readonly BankTransferStatus[]>> = {
  pending: ['cancelled', 'posted', 'failed'],
  posted: ['reversed'],
  cancelled: [],
  failed: [],
  reversed: [],
};

/** The only status each simulated event can start from. */
export const SIMULATION_SOURCE: Readonly<Record<SimulatedBankTransferEvent, BankTransferStatus>> = {
  posted: 'pending',
  failed: 'pending',
  reversed: 'posted',
};

/** Whether a bank transfer may move from `from` to `to`. */
export function canMoveBankTransfer(from: BankTransferStatus, to: BankTransferStatus): boolean {
  return BANK_TRANSFER_TRANSITIONS[from].includes(to);
}

/** The direction of a bank transfer of `type`. */
export function directionOf(type: TransferType): BankTransferDirection {
  return type === 'credit' ? 'outbound' : 'inbound';
}

/** The failure reason of a simulated failure or reversal when the request gives none. */
export function defaultFailureReason(network: BankTransferNetwork): BankTransferFailure {
  return network === 'wire'
    ? { ach_return_code: null, description: 'Simulated failure' }
    : { ach_return_code: 'R01', description: 'Insufficient funds' };
}

/**
 * What the receiving bank reports with an event: nothing before the network is involved
 * (`pending`, `cancelled`); a positive available balance when it posts; none when it fails or is
 * returned for insufficient funds (`R01`, `R09`); nothing otherwise.
 */
export function receiverDetailsOf(
  eventType: BankTransferStatus,
  failure: BankTransferFailure | null,
): { available_balance: 'available' | 'unavailable' | null } | null {
  if (eventType === 'posted') {
    return { available_balance: 'available' };
  }
  if ((eventType === 'failed' || eventType === 'reversed') && failure) {
    const insufficient = failure.ach_return_code === 'R01' || failure.ach_return_code === 'R09';
    return insufficient ? { available_balance: 'unavailable' } : null;
  }
  return null;
}

/**
 * How entering `to` changes the origination account's available balance, in cents, for a bank
 * transfer of `amountCents` moving in `direction`. The available balance is the settled funds
 * minus the outgoing bank transfers not yet settled: a credit reserves its amount when created,
 * gives it back when cancelled, failed or reversed; a debit adds its amount when it posts and
 * takes it back when reversed. The sandbox applies it when a bank transfer is created or cancelled;
 * events produced by `/sandbox/bank_transfer/simulate` move no funds, so they leave it as it is.
 */
export function availableDelta(to: BankTransferStatus, direction: BankTransferDirection, amountCents: number): number {
  if (direction === 'outbound') {
    switch (to) {
      case 'pending':
        return -amountCents;
      case 'cancelled':
      case 'failed':
      case 'reversed':
        return amountCents;
      default:
        return 0;
    }
  }
  switch (to) {
    case 'posted':
      return amountCents;
    case 'reversed':
      return -amountCents;
    default:
      return 0;
  }
}

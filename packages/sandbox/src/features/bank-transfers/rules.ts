/**
 * The rules of bank transfers, as pure functions over what was read: each returns the refusal
 * that applies, first matching rule first, or null (or the value asked for) when the call may go
 * on. The operations raise a refusal through `bankTransferRefusalError` (errors.ts), the one
 * place its wording lives.
 */
import { type Outcome, refused } from '../../engine/index.js';
import { SIMULATION_SOURCE, type SimulatedBankTransferEvent } from './bank-transfer-status.js';

/** A refusal of a bank transfer operation: its error code and what the message names. */
export type BankTransferRefusal =
  | { code: 'INVALID_BANK_TRANSFER_ID'; bankTransferId: string }
  /** `account_id` is not a checking or savings account of the access token's Item. */
  | { code: 'INVALID_ACCOUNT_ID'; accountId: string }
  /** The account behind a processor token is not a checking or savings account. */
  | { code: 'ACCOUNT_NOT_SUPPORTED'; account: TransferAccount }
  | {
      code: 'BANK_TRANSFER_INSUFFICIENT_FUNDS';
      amount: string;
      transactableCents: number;
      originationAccountId: string;
    }
  | { code: 'BANK_TRANSFER_NOT_CANCELLABLE'; bankTransferId: string; status: string }
  | { code: 'ORIGINATION_ACCOUNT_ID_REQUIRED' }
  | { code: 'INVALID_ORIGINATION_ACCOUNT_ID'; originationAccountId: string }
  | { code: 'BANK_TRANSFER_BALANCE_NOT_SUPPORTED'; originationAccountId: string }
  | { code: 'BANK_TRANSFER_MIGRATE_ACCOUNT_NOT_ENABLED' }
  | { code: 'INVALID_INSTITUTION'; routingNumber: string }
  | {
      code: 'SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID';
      bankTransferId: string;
      status: string;
      eventType: SimulatedBankTransferEvent;
    };

/** A value the call may go on with, or the refusal. */
export type BankTransferOutcome<T> = Outcome<T, BankTransferRefusal>;

/** What the account rules look at. */
export interface TransferAccount {
  account_id: string;
  type: string;
  subtype: string;
}

/** The account subtypes bank transfers move money from or to. */
export const TRANSFERABLE_SUBTYPES: readonly string[] = ['checking', 'savings'];

/**
 * The account a request names by `account_id`, if it can send or receive a bank transfer
 * (`account` undefined when it is not the Item's): anything but a checking or savings account of
 * the Item is `INVALID_ACCOUNT_ID`.
 */
export function namedAccount<T extends TransferAccount>(
  accountId: string,
  account: T | undefined,
): BankTransferOutcome<T> {
  return account && TRANSFERABLE_SUBTYPES.includes(account.subtype)
    ? { ok: true, value: account }
    : refused({ code: 'INVALID_ACCOUNT_ID', accountId });
}

/** The account behind a processor token, if it can send or receive a bank transfer (`ACCOUNT_NOT_SUPPORTED` when not). */
export function processorAccount<T extends TransferAccount>(account: T): BankTransferOutcome<T> {
  return TRANSFERABLE_SUBTYPES.includes(account.subtype)
    ? { ok: true, value: account }
    : refused({ code: 'ACCOUNT_NOT_SUPPORTED', account });
}

/** The bank transfer `bankTransferId` (`current`), if the client has it. */
export function knownBankTransfer<T>(bankTransferId: string, current: T | undefined): BankTransferOutcome<T> {
  return current === undefined
    ? refused({ code: 'INVALID_BANK_TRANSFER_ID', bankTransferId })
    : { ok: true, value: current };
}

/**
 * The bank transfer `bankTransferId` (`current`, undefined when the client has none), if it can
 * be cancelled: it exists, is pending and is cancellable.
 */
export function cancellableBankTransfer<T extends { status: string; cancellable: number }>(
  bankTransferId: string,
  current: T | undefined,
): BankTransferOutcome<T> {
  if (!current) {
    return refused({ code: 'INVALID_BANK_TRANSFER_ID', bankTransferId });
  }
  return current.status === 'pending' && current.cancellable === 1
    ? { ok: true, value: current }
    : refused({ code: 'BANK_TRANSFER_NOT_CANCELLABLE', bankTransferId, status: current.status });
}

/**
 * The bank transfer `bankTransferId` (`current`, undefined when the client has none), if
 * `eventType` can be simulated on it: it exists and is in the one status the event starts from.
 */
export function simulatableBankTransfer<T extends { status: string }>(
  bankTransferId: string,
  current: T | undefined,
  eventType: SimulatedBankTransferEvent,
): BankTransferOutcome<T> {
  if (!current) {
    return refused({ code: 'INVALID_BANK_TRANSFER_ID', bankTransferId });
  }
  return current.status === SIMULATION_SOURCE[eventType]
    ? { ok: true, value: current }
    : refused({
        code: 'SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID',
        bankTransferId,
        status: current.status,
        eventType,
      });
}

/**
 * The origination account whose balance `/bank_transfer/balance/get` reads: the requested one,
 * or the only one when none is requested; balances exist only under the full-service
 * configuration.
 */
export function balanceAccount<T extends { origination_account_id: string }>(
  requested: string | null,
  accounts: readonly T[],
  config: string,
): BankTransferOutcome<T> {
  if (requested === null && accounts.length > 1) {
    return refused({ code: 'ORIGINATION_ACCOUNT_ID_REQUIRED' });
  }
  const account =
    requested === null ? accounts[0] : accounts.find((entry) => entry.origination_account_id === requested);
  if (!account) {
    return refused({ code: 'INVALID_ORIGINATION_ACCOUNT_ID', originationAccountId: String(requested) });
  }
  if (config !== 'full_service') {
    return refused({
      code: 'BANK_TRANSFER_BALANCE_NOT_SUPPORTED',
      originationAccountId: account.origination_account_id,
    });
  }
  return { ok: true, value: account };
}

/**
 * The institution an account migration goes to: migration must be enabled for the client, and
 * the routing number must be a sandbox institution's (`institution`, undefined when not).
 */
export function migrationInstitution<T>(
  enabled: boolean,
  routingNumber: string,
  institution: T | undefined,
): BankTransferOutcome<T> {
  if (!enabled) {
    return refused({ code: 'BANK_TRANSFER_MIGRATE_ACCOUNT_NOT_ENABLED' });
  }
  if (institution === undefined) {
    return refused({ code: 'INVALID_INSTITUTION', routingNumber });
  }
  return { ok: true, value: institution };
}

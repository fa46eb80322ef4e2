/**
 * Stored transfer rows as the API's objects: `TransferAuthorization`, `Transfer`,
 * `TransferEvent`, `BankTransfer`, `BankTransferEvent`.
 */
import type { components } from '@svc/client';
import type { BankTransferEventRow, BankTransferRow } from '../bank-transfers/queries.js';
import type { AuthorizationRow, TransferEventRow, TransferRow } from './queries.js';

type Schemas = components['schemas'];

/** A stored timestamp as an RFC 3339 date-time in UTC, without zero milliseconds (`2026-11-02T15:04:35Z`). */
export function presentTime(stored: string): string {
  return stored.replace(/\.000Z$/, 'Z');
}

function parsed<T>(json: string | null): T | null {
  return json === null ? null : (JSON.parse(json) as T);
}

/** The `TransferAuthorization` of a stored authorization. */
export function presentAuthorization(row: AuthorizationRow): Schemas['TransferAuthorization'] {
  return {
    id: row.authorization_id,
    created: presentTime(row.created),
    decision: row.decision as Schemas['TransferAuthorizationDecision'],
    decision_rationale: row.decision_rationale as Schemas['TransferAuthorization']['decision_rationale'],
    proposed_transfer: {
      ach_class: row.ach_class as Schemas['AchClass'],
      account_id: row.account_id,
      type: row.type as Schemas['TransferType'],
      user: JSON.parse(row.user_details),
      amount: row.amount,
      network: row.network as Schemas['TransferNetwork'],
      origination_account_id: row.origination_account_id,
    },
  };
}

/** The `Transfer` of a stored transfer. */
export function presentTransfer(row: TransferRow): Schemas['Transfer'] {
  return {
    id: row.transfer_id,
    account_id: row.account_id,
    ach_class: row.ach_class as Schemas['AchClass'],
    amount: row.amount,
    cancellable: row.cancellable === 1,
    created: presentTime(row.created),
    description: row.description,
    failure_reason: parsed<Schemas['TransferFailure']>(row.failure_reason),
    metadata: JSON.parse(row.metadata),
    network: row.network as Schemas['TransferNetwork'],
    origination_account_id: row.origination_account_id,
    status: row.status as Schemas['TransferStatus'],
    type: row.type as Schemas['TransferType'],
    user: JSON.parse(row.user_details),
  };
}

/** The `TransferEvent` of a stored event. */
export function presentTransferEvent(row: TransferEventRow): Schemas['TransferEvent'] {
  return {
    event_id: row.event_id,
    timestamp: presentTime(row.timestamp),
    event_type: row.event_type as Schemas['TransferEventType'],
    account_id: row.account_id,
    transfer_id: row.transfer_id,
    origination_account_id: row.origination_account_id,
    transfer_type: row.transfer_type as Schemas['TransferType'],
    transfer_amount: row.transfer_amount,
    failure_reason: parsed<Schemas['TransferFailure']>(row.failure_reason),
  };
}

/** The `BankTransfer` of a stored bank transfer. */
export function presentBankTransfer(row: BankTransferRow): Schemas['BankTransfer'] {
  return {
    bank_transfer_id: row.bank_transfer_id,
    account_id: row.account_id,
    ach_class: row.ach_class as Schemas['AchClass'] | null,
    amount: row.amount,
    cancellable: row.cancellable === 1,
    created: presentTime(row.created),
    custom_tag: row.custom_tag,
    description: row.description,
    direction: row.direction as Schemas['BankTransferDirection'],
    failure_reason: parsed<Schemas['BankTransferFailure']>(row.failure_reason),
    iso_currency_code: row.iso_currency_code as Schemas['BankTransferIsoCurrencyCode'],
    metadata: JSON.parse(row.metadata),
    network: row.network as Schemas['BankTransferNetwork'],
    origination_account_id: row.origination_account_id,
    status: row.status as Schemas['BankTransferStatus'],
    type: row.type as Schemas['TransferType'],
    user: JSON.parse(row.user_details),
  };
}

/** The `BankTransferEvent` of a stored event. */
export function presentBankTransferEvent(row: BankTransferEventRow): Schemas['BankTransferEvent'] {
  return {
    account_id: row.account_id,
    bank_transfer_amount: row.bank_transfer_amount,
    bank_transfer_id: row.bank_transfer_id,
    bank_transfer_iso_currency_code: row.bank_transfer_iso_currency_code as Schemas['BankTransferIsoCurrencyCode'],
    bank_transfer_type: row.bank_transfer_type as Schemas['TransferType'],
    direction: row.direction as Schemas['BankTransferDirection'],
    event_id: row.event_id,
    event_type: row.event_type as Schemas['BankTransferEventType'],
    failure_reason: parsed<Schemas['BankTransferFailure']>(row.failure_reason),
    origination_account_id: row.origination_account_id,
    receiver_details: parsed<Schemas['BankTransferEventReceiverDetails']>(row.receiver_details),
    timestamp: presentTime(row.timestamp),
  };
}

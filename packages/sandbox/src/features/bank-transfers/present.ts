/**
 * Stored bank transfers and their events as the API's `BankTransfer` and `BankTransferEvent`.
 */
import type { components } from '@svc/spec/types';
import { parsed, presentTime } from '../transfers/index.js';
import type { BankTransferEventRow, BankTransferRow } from './queries.js';

type Schemas = components['schemas'];

/** The `BankTransfer` of a stored bank transfer. */
export function presentBankTransfer(row: BankTransferRow): Schemas['BankTransfer'] {
  return {
    bank_transfer_id: row.bank_transfer_id,
    account_id: row.account_id,
    ach_class: row.ach_class,
    amount: row.amount,
    cancellable: row.cancellable === 1,
    created: presentTime(row.created),
    custom_tag: row.custom_tag,
    description: row.description,
    direction: row.direction,
    failure_reason: parsed<Schemas['BankTransferFailure']>(row.failure_reason),
    iso_currency_code: row.iso_currency_code,
    metadata: JSON.parse(row.metadata),
    network: row.network,
    origination_account_id: row.origination_account_id,
    status: row.status,
    type: row.type,
    user: JSON.parse(row.user_details),
  };
}

/** The `BankTransferEvent` of a stored event. */
export function presentBankTransferEvent(row: BankTransferEventRow): Schemas['BankTransferEvent'] {
  return {
    account_id: row.account_id,
    bank_transfer_amount: row.bank_transfer_amount,
    bank_transfer_id: row.bank_transfer_id,
    bank_transfer_iso_currency_code: row.bank_transfer_iso_currency_code,
    bank_transfer_type: row.bank_transfer_type,
    direction: row.direction,
    event_id: row.event_id,
    event_type: row.event_type,
    failure_reason: parsed<Schemas['BankTransferFailure']>(row.failure_reason),
    origination_account_id: row.origination_account_id,
    receiver_details: parsed<Schemas['BankTransferEventReceiverDetails']>(row.receiver_details),
    timestamp: presentTime(row.timestamp),
  };
}

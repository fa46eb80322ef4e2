/**
 * Stored transfer rows as the API's objects: `TransferAuthorization`, `Transfer`, `TransferEvent`.
 */
import type { components } from '@svc/spec/types';
import type { AuthorizationRow, TransferEventRow, TransferRow } from './queries.js';

type Schemas = components['schemas'];

/** A stored timestamp as an RFC 3339 date-time in UTC, without zero milliseconds (`2026-11-02T15:04:35Z`). */
export function presentTime(stored: string): string {
  return stored.replace(/\.000Z$/, 'Z');
}

export function parsed<T>(json: string | null): T | null {
  return json === null ? null : (JSON.parse(json) as T);
}

/** The `TransferAuthorization` of a stored authorization. */
export function presentAuthorization(row: AuthorizationRow): Schemas['TransferAuthorization'] {
  return {
    id: row.authorization_id,
    created: presentTime(row.created),
    decision: row.decision,
    decision_rationale: row.decision_rationale,
    proposed_transfer: {
      ach_class: row.ach_class,
      account_id: row.account_id,
      type: row.type,
      user: JSON.parse(row.user_details),
      amount: row.amount,
      network: row.network,
      origination_account_id: row.origination_account_id,
    },
  };
}

/** The `Transfer` of a stored transfer. */
export function presentTransfer(row: TransferRow): Schemas['Transfer'] {
  return {
    id: row.transfer_id,
    account_id: row.account_id,
    ach_class: row.ach_class,
    amount: row.amount,
    cancellable: row.cancellable === 1,
    created: presentTime(row.created),
    description: row.description,
    failure_reason: parsed<Schemas['TransferFailure']>(row.failure_reason),
    metadata: JSON.parse(row.metadata),
    network: row.network,
    origination_account_id: row.origination_account_id,
    status: row.status,
    type: row.type,
    user: JSON.parse(row.user_details),
  };
}

/** The `TransferEvent` of a stored event. */
export function presentTransferEvent(row: TransferEventRow): Schemas['TransferEvent'] {
  return {
    event_id: row.event_id,
    timestamp: presentTime(row.timestamp),
    event_type: row.event_type,
    account_id: row.account_id,
    transfer_id: row.transfer_id,
    origination_account_id: row.origination_account_id,
    transfer_type: row.transfer_type,
    transfer_amount: row.transfer_amount,
    failure_reason: parsed<Schemas['TransferFailure']>(row.failure_reason),
  };
}

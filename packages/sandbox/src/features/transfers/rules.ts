/**
 * The rules of creating and cancelling transfers, as pure functions over what was read: each
 * returns the refusal that applies, first matching rule first, or null when the call may go on.
 * The operations raise a refusal through `transferRefusalError` (errors.ts), the one place its
 * wording lives.
 */
import { type Outcome, refused } from '../../engine/index.js';
import type { TransferStatus } from './transfer-status.js';

/** A refusal of a transfer operation: its error code and what the message names. */
export type TransferRefusal =
  | { code: 'INVALID_AUTHORIZATION_ID'; authorizationId: string }
  | { code: 'TRANSFER_AUTHORIZATION_DECLINED'; authorizationId: string; rationale: string | null }
  | { code: 'TRANSFER_AUTHORIZATION_ALREADY_USED'; authorizationId: string; transferId: string | null }
  | {
      code: 'TRANSFER_AUTHORIZATION_MISMATCH';
      authorizationId: string;
      field: AuthorizedField | 'access_token';
      /** The request's value (for `access_token`, the id of its Item). */
      given: string;
      authorized: string;
    }
  | { code: 'INVALID_TRANSFER_ID'; transferId: string }
  | { code: 'TRANSFER_NOT_CANCELLABLE'; transferId: string; status: string }
  | {
      code: 'TRANSFER_STATUS_TRANSITION_NOT_ALLOWED';
      transferId: string;
      from: TransferStatus;
      to: TransferStatus;
      /** The statuses `from` can move to. */
      allowed: readonly TransferStatus[];
    }
  /** A failure reason given with a move to a status that has none (`posted`, `settled`). */
  | { code: 'FAILURE_REASON_NOT_ALLOWED'; to: TransferStatus }
  /** No failure reason with a move to `failed` or `returned`. */
  | { code: 'FAILURE_REASON_REQUIRED'; to: TransferStatus }
  /** A `returned` move whose failure reason has no ACH return code. */
  | { code: 'ACH_RETURN_CODE_REQUIRED' }
  /** A return code of the right form that NACHA has not assigned. */
  | { code: 'ACH_RETURN_CODE_UNASSIGNED'; returnCode: string };

/** The fields of a transfer that must equal its authorization's, in the order they are compared. */
export const AUTHORIZED_FIELDS = [
  'account_id',
  'type',
  'network',
  'ach_class',
  'amount',
  'origination_account_id',
] as const;

/** A field of a transfer that must equal its authorization's. */
export type AuthorizedField = (typeof AUTHORIZED_FIELDS)[number];

/** What the use of an authorization depends on. */
export interface AuthorizationFactsForUse extends Record<AuthorizedField, string> {
  authorization_id: string;
  item_id: string;
  decision: string;
  decision_rationale: string | null;
  /** The transfer it was used for, null while unused. */
  transfer_id: string | null;
}

/**
 * Whether `authorization` (undefined when the client has no authorization `authorizationId`) can
 * be used for a transfer of the Item `itemId`: it exists, was not declined, was not used, and
 * was made for that Item.
 */
export function usableAuthorization<T extends AuthorizationFactsForUse>(
  authorizationId: string,
  authorization: T | undefined,
  itemId: string,
): Outcome<T, TransferRefusal> {
  if (!authorization) {
    return refused({ code: 'INVALID_AUTHORIZATION_ID', authorizationId });
  }
  const id = authorization.authorization_id;
  if (authorization.decision === 'declined') {
    return refused({
      code: 'TRANSFER_AUTHORIZATION_DECLINED',
      authorizationId: id,
      rationale: authorization.decision_rationale,
    });
  }
  if (authorization.transfer_id !== null) {
    return refused({
      code: 'TRANSFER_AUTHORIZATION_ALREADY_USED',
      authorizationId: id,
      transferId: authorization.transfer_id,
    });
  }
  if (authorization.item_id !== itemId) {
    return refused({
      code: 'TRANSFER_AUTHORIZATION_MISMATCH',
      authorizationId: id,
      field: 'access_token',
      given: itemId,
      authorized: authorization.item_id,
    });
  }
  return { ok: true, value: authorization };
}

/** The first field of `requested` that differs from the authorization's, as a refusal naming it. */
export function authorizationMismatch(
  requested: Record<AuthorizedField, string>,
  authorization: AuthorizationFactsForUse,
): TransferRefusal | null {
  const field = AUTHORIZED_FIELDS.find((name) => requested[name] !== authorization[name]);
  return field === undefined
    ? null
    : {
        code: 'TRANSFER_AUTHORIZATION_MISMATCH',
        authorizationId: authorization.authorization_id,
        field,
        given: requested[field],
        authorized: authorization[field],
      };
}

/**
 * Whether the transfer `transferId` (`current`, undefined when the client has none) can be
 * cancelled: it exists, is pending and is cancellable.
 */
export function cancelRefusal(
  transferId: string,
  current: { status: string; cancellable: number } | undefined,
): TransferRefusal | null {
  if (!current) {
    return { code: 'INVALID_TRANSFER_ID', transferId };
  }
  return current.status === 'pending' && current.cancellable === 1
    ? null
    : { code: 'TRANSFER_NOT_CANCELLABLE', transferId, status: current.status };
}

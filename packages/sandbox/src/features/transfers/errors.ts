/**
 * The errors of transfers, each worded in one place: a refusal of the rules (rules.ts) as the
 * API's error.
 */
import { invalidField, invalidInput, SandboxError } from '../../engine/index.js';
import type { TransferRefusal } from './rules.js';
import { transferStatusesBefore } from './transfer-status.js';

/** A `TRANSFER_ERROR` of `code`. */
function transferError(code: string, message: string, suggestedAction: string): SandboxError {
  return new SandboxError({ type: 'TRANSFER_ERROR', code, message, suggestedAction });
}

/** The error answering `refusal`. */
export function transferRefusalError(refusal: TransferRefusal): SandboxError {
  switch (refusal.code) {
    case 'INVALID_AUTHORIZATION_ID':
      return invalidInput(
        'INVALID_AUTHORIZATION_ID',
        `authorization_id does not name an authorization of this client: ${refusal.authorizationId}`,
      );
    case 'INVALID_TRANSFER_ID':
      return invalidInput(
        'INVALID_TRANSFER_ID',
        `transfer_id does not name a transfer of this client: ${refusal.transferId}`,
      );
    case 'TRANSFER_AUTHORIZATION_DECLINED':
      return transferError(
        refusal.code,
        `authorization_id ${refusal.authorizationId} was declined (${refusal.rationale}) and cannot be used to create a transfer`,
        'Do not make this transfer; authorize a new one if the situation changes.',
      );
    case 'TRANSFER_AUTHORIZATION_ALREADY_USED':
      return transferError(
        refusal.code,
        `authorization_id ${refusal.authorizationId} was already used for transfer ${refusal.transferId ?? '(another request)'}`,
        'Create a new authorization for each transfer; to retry a create call, reuse its idempotency_key.',
      );
    case 'TRANSFER_AUTHORIZATION_MISMATCH':
      // An access token is a secret: the message names the Items, never the token.
      return transferError(
        refusal.code,
        refusal.field === 'access_token'
          ? `access_token names Item ${refusal.given}, not Item ${refusal.authorized} that authorization ${refusal.authorizationId} was made for`
          : `${refusal.field} ${refusal.given} does not equal the ${refusal.field} ${refusal.authorized} of authorization ${refusal.authorizationId}`,
        'Send the values and the access token that were authorized, or authorize the new transfer first.',
      );
    case 'TRANSFER_NOT_CANCELLABLE':
      return transferError(
        refusal.code,
        `transfer_id ${refusal.transferId} cannot be cancelled: its status is ${refusal.status} and cancellable is false`,
        'Check cancellable with /transfer/get before cancelling; a transfer that was sent cannot be stopped (to pay money back, authorize and create a credit).',
      );
    case 'TRANSFER_STATUS_TRANSITION_NOT_ALLOWED': {
      const { from, to, allowed } = refusal;
      const next =
        allowed.length === 0
          ? `${from} is final: no move leaves it`
          : `from ${from} it can move to ${allowed.join(', ')}`;
      return transferError(
        refusal.code,
        `transfer ${refusal.transferId} cannot move from ${from} to ${to}; ${next}`,
        transferStatusesBefore(to).includes('posted') && from === 'pending'
          ? `Simulate posted first, then ${to}.`
          : 'Read the transfer with /transfer/get and request a move allowed from its status (see TransferStatus).',
      );
    }
    case 'FAILURE_REASON_NOT_ALLOWED':
      return invalidField('failure_reason', `must be null or absent when event_type is ${refusal.to}`);
    case 'FAILURE_REASON_REQUIRED':
      return invalidField('failure_reason', `is required when event_type is ${refusal.to}`);
    case 'ACH_RETURN_CODE_REQUIRED':
      return invalidField(
        'failure_reason.ach_return_code',
        'must be an ACH return code (for example R01) when event_type is returned',
      );
    case 'ACH_RETURN_CODE_UNASSIGNED':
      return invalidField(
        'failure_reason.ach_return_code',
        `${refusal.returnCode} is not an ACH return code NACHA has assigned`,
      );
  }
}

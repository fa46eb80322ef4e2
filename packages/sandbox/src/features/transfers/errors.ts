/**
 * The errors of transfers, each worded in one place: a refusal of the rules (rules.ts) as the
 * API's error.
 */
import { invalidInput, SandboxError } from '../../engine/errors/sandbox-error.js';
import type { TransferRefusal } from './rules.js';

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
  }
}

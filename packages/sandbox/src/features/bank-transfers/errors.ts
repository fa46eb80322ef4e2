/**
 * The errors of bank transfers, each worded in one place: a refusal of the rules (rules.ts) as
 * the API's error. Codes other features own (accounts of an Item, origination accounts,
 * institutions) are worded by those features.
 */
import { invalidInput, SandboxError } from '../../engine/index.js';
import { invalidInstitution } from '../institutions/index.js';
import { accountNotSupported, invalidAccountId } from '../items/index.js';
import { formatCents, invalidOriginationAccount } from '../transfers/index.js';
import { SIMULATION_SOURCE } from './bank-transfer-status.js';
import type { BankTransferRefusal } from './rules.js';

/** A `BANK_TRANSFER_ERROR` of `code`. */
function bankTransferError(code: string, message: string, suggestedAction: string): SandboxError {
  return new SandboxError({ type: 'BANK_TRANSFER_ERROR', code, message, suggestedAction });
}

/** The error answering `refusal`. */
export function bankTransferRefusalError(refusal: BankTransferRefusal): SandboxError {
  switch (refusal.code) {
    case 'INVALID_BANK_TRANSFER_ID':
      return invalidInput(
        refusal.code,
        `bank_transfer_id does not name a bank transfer of this client: ${refusal.bankTransferId}`,
      );
    case 'INVALID_ACCOUNT_ID':
      return invalidAccountId('account_id', [refusal.accountId], 'checking or savings');
    case 'ACCOUNT_NOT_SUPPORTED':
      return accountNotSupported(
        'the account behind processor_token',
        refusal.account,
        'bank transfers move money with',
      );
    case 'INVALID_ORIGINATION_ACCOUNT_ID':
      return invalidOriginationAccount(refusal.originationAccountId);
    case 'INVALID_INSTITUTION':
      return invalidInstitution('routing_number', refusal.routingNumber);
    case 'BANK_TRANSFER_INSUFFICIENT_FUNDS':
      return bankTransferError(
        refusal.code,
        `amount ${refusal.amount} exceeds the transactable balance ${formatCents(refusal.transactableCents)} of origination account ${refusal.originationAccountId}`,
        'Fund the origination account or send a smaller amount.',
      );
    case 'BANK_TRANSFER_NOT_CANCELLABLE':
      return bankTransferError(
        refusal.code,
        `bank transfer ${refusal.bankTransferId} cannot be cancelled: cancellable is false (status ${refusal.status})`,
        'Read the bank transfer with /bank_transfer/get; only bank transfers with cancellable true can be cancelled.',
      );
    case 'ORIGINATION_ACCOUNT_ID_REQUIRED':
      return bankTransferError(
        refusal.code,
        'origination_account_id is required because this client has several origination accounts',
        'Send the origination_account_id of the account whose balance you want.',
      );
    case 'BANK_TRANSFER_BALANCE_NOT_SUPPORTED':
      return bankTransferError(
        refusal.code,
        `origination_account_id ${refusal.originationAccountId} is your own account under the platform configuration; balances are available only for FBO accounts under the full-service configuration`,
        'Read the balance of your own account from your bank.',
      );
    case 'BANK_TRANSFER_MIGRATE_ACCOUNT_NOT_ENABLED':
      return bankTransferError(
        refusal.code,
        '/bank_transfer/migrate_account is not enabled for this client',
        'Contact support to request access to account migration.',
      );
    case 'SANDBOX_BANK_TRANSFER_EVENT_TRANSITION_INVALID': {
      const { eventType, status } = refusal;
      return new SandboxError({
        type: 'SANDBOX_ERROR',
        code: refusal.code,
        message: `event_type ${eventType} cannot be simulated on bank transfer ${refusal.bankTransferId} in status ${status}; ${eventType} needs status ${SIMULATION_SOURCE[eventType]}`,
        suggestedAction:
          eventType === 'reversed' && status === 'pending'
            ? 'Simulate posted first, then reversed.'
            : 'Read the bank transfer with /bank_transfer/get; only pending bank transfers post or fail, only posted ones are reversed.',
      });
    }
  }
}

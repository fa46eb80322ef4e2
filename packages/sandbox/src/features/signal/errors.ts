/** The errors of signal, each worded in one place: a refusal of the rules (rules.ts) as the API's error. */
import { invalidField, invalidInput, type SandboxError } from '../../engine/index.js';
import { accountNotSupported } from '../items/index.js';
import type { SignalRefusal } from './rules.js';

/** The error answering `refusal`. */
export function signalRefusalError(refusal: SignalRefusal): SandboxError {
  switch (refusal.code) {
    case 'INVALID_FIELD':
      return invalidField(refusal.field, refusal.message);
    case 'ACCOUNT_NOT_SUPPORTED':
      return accountNotSupported(
        `account_id ${refusal.account.account_id}`,
        refusal.account,
        'signal evaluates ACH debits from',
      );
    case 'CLIENT_TRANSACTION_ID_NOT_FOUND':
      return invalidInput(
        refusal.code,
        `client_transaction_id ${refusal.clientTransactionId} was never evaluated with /signal/evaluate`,
        'Quote the client_transaction_id you sent to /signal/evaluate for this debit.',
      );
  }
}

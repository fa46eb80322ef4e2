/**
 * The rules of signal, as pure functions over the request and what was read: each returns the
 * refusal that applies, or null when the call may go on. The operations raise a refusal through
 * `signalRefusalError` (errors.ts), the one place its wording lives.
 */
import { hasAtMostDecimalPlaces } from '@svc/server-kit';
import { isCheckingOrSavings } from '../items/index.js';
import { isAssignedReturnCode } from './return-codes.js';

/** A refusal of a signal operation: its error code and what the message names. */
export type SignalRefusal =
  | { code: 'INVALID_FIELD'; field: 'amount' | 'return_code'; message: string }
  | { code: 'ACCOUNT_NOT_SUPPORTED'; account: { account_id: string; type: string; subtype: string } }
  | { code: 'CLIENT_TRANSACTION_ID_NOT_FOUND'; clientTransactionId: string };

/** Whether `amount` has at most two decimal places: the schema's `x-decimal-places: 2`, the same arithmetic. */
function hasCents(amount: number): boolean {
  return hasAtMostDecimalPlaces(amount, 2);
}

/** Whether a debit of `amount` can be evaluated: at most two decimal places. */
export function amountRefusal(amount: number): SignalRefusal | null {
  return hasCents(amount)
    ? null
    : { code: 'INVALID_FIELD', field: 'amount', message: `must have at most two decimal places, got ${amount}` };
}

/** Whether a debit from `account` can be evaluated: signal evaluates checking and savings accounts only. */
export function evaluatedAccountRefusal(account: {
  account_id: string;
  type: string;
  subtype: string;
}): SignalRefusal | null {
  return isCheckingOrSavings(account) ? null : { code: 'ACCOUNT_NOT_SUPPORTED', account };
}

/** Whether `returnCode` can be reported: an assigned ACH return code. */
export function returnCodeRefusal(returnCode: string): SignalRefusal | null {
  return isAssignedReturnCode(returnCode)
    ? null
    : { code: 'INVALID_FIELD', field: 'return_code', message: `${returnCode} is not an assigned ACH return code` };
}

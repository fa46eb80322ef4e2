/**
 * The rules of the processor and partner operations, as pure functions over the request and
 * what was read: each returns the refusal that applies, or null when the call may go on. The
 * operations raise a refusal through `processorRefusalError` (errors.ts), the one place its
 * wording lives.
 */
import { isCheckingOrSavings } from '../items/index.js';
import { isSandboxProcessor } from './partners.js';

/** An account as the rules read it. */
export interface ProcessorAccount {
  account_id: string;
  type: string;
  subtype: string;
}

/** A refusal of a processor or partner operation: its error code and what the message names. */
export type ProcessorRefusal =
  /** `use` names what takes checking and savings accounts only (`auth`, a partner's tokens). */
  | { code: 'ACCOUNT_NOT_SUPPORTED'; account: ProcessorAccount; namedBy: 'account_id' | 'processor_token'; use: string }
  | { code: 'INVALID_PROCESSOR'; processor: string }
  | { code: 'LAST_UPDATED_DATETIME_OUT_OF_RANGE'; refreshedAt: string; minimum: string };

/** Whether `auth` can be read through a processor token of `account`: checking and savings accounts only. */
export function processorAuthRefusal(account: ProcessorAccount): ProcessorRefusal | null {
  return isCheckingOrSavings(account)
    ? null
    : { code: 'ACCOUNT_NOT_SUPPORTED', account, namedBy: 'processor_token', use: 'auth covers' };
}

/** Whether a partner's `tokenName` can be issued for `account`: checking and savings accounts only. */
export function partnerTokenRefusal(account: ProcessorAccount, tokenName: string): ProcessorRefusal | null {
  return isCheckingOrSavings(account)
    ? null
    : { code: 'ACCOUNT_NOT_SUPPORTED', account, namedBy: 'account_id', use: `${tokenName} are issued for` };
}

/** Whether `processor` is one of the sandbox's integration partners. */
export function processorRefusal(processor: string): ProcessorRefusal | null {
  return isSandboxProcessor(processor) ? null : { code: 'INVALID_PROCESSOR', processor };
}

/**
 * Whether a balance refreshed at `now` meets `options.min_last_updated_datetime` (`minimum`,
 * undefined when not asked): the sandbox's balance is real time, so only a minimum in the
 * future is out of range.
 */
export function balanceFreshnessRefusal(minimum: string | undefined, now: Date): ProcessorRefusal | null {
  return minimum !== undefined && Date.parse(minimum) > now.getTime()
    ? { code: 'LAST_UPDATED_DATETIME_OUT_OF_RANGE', refreshedAt: now.toISOString(), minimum }
    : null;
}

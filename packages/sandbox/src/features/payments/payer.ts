/**
 * The payer's account a payment's `refund_details` report once it is executed: the account the
 * payer was restricted to by `options.iban` / `options.bacs`, otherwise the sandbox payer.
 */
import type { Bacs } from './recipient-details.js';

/** The payer's account, as `refund_details` carries it. */
export interface RefundDetails {
  name: string | null;
  iban: string | null;
  bacs: Bacs | null;
}

/** The sandbox payer: the owner of the canonical Item, with a UK account. */
export const SANDBOX_PAYER: RefundDetails = {
  name: 'Alberta Bobbeth Charleson',
  iban: 'GB29NWBK60161331926819',
  bacs: { account: '31926819', sort_code: '601613' },
};

/** The refund details of an executed payment created with `options` (restricting the payer or not). */
export function refundDetailsFor(options: { iban?: string | null; bacs?: Bacs | null }): RefundDetails {
  if (options.iban) {
    return { name: SANDBOX_PAYER.name, iban: options.iban, bacs: null };
  }
  if (options.bacs) {
    return {
      name: SANDBOX_PAYER.name,
      iban: null,
      bacs: { account: options.bacs.account, sort_code: options.bacs.sort_code },
    };
  }
  return SANDBOX_PAYER;
}

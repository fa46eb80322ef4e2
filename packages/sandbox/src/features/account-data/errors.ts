/**
 * The errors of the account-data reads, each worded in one place: a refusal of the rules
 * (rules.ts) as the API's error, and `PRODUCT_NOT_READY`, whose wording depends on the product.
 */
import { SandboxError } from '../../engine/index.js';
import type { AccountDataRefusal, NotReady } from './rules.js';

/** `ITEM_ERROR` / `PRODUCT_NOT_READY`: the Item's `product` data is not extracted yet. */
export function productNotReady(notReady: NotReady): SandboxError {
  const why =
    notReady.readyAt === null
      ? `${notReady.product} was not an initial product, so its first extraction has not run (in the sandbox, /${notReady.product}/refresh runs it)`
      : `its first extraction is still running; retry after ${notReady.readyAt}`;
  return new SandboxError({
    type: 'ITEM_ERROR',
    code: 'PRODUCT_NOT_READY',
    message: `the ${notReady.product} data of this item is not ready yet: ${why}`,
    suggestedAction:
      notReady.readyAt === null
        ? `Call /${notReady.product}/refresh, then retry after the DEFAULT_UPDATE webhook for this item.`
        : 'Retry the request in a few seconds.',
  });
}

/** An `ITEM_ERROR` of `code` with a message for the end user. */
function itemError(code: string, message: string, displayMessage: string): SandboxError {
  return new SandboxError({ type: 'ITEM_ERROR', code, message, displayMessage });
}

/** The error answering `refusal`. */
export function accountDataRefusalError(refusal: AccountDataRefusal): SandboxError {
  switch (refusal.code) {
    case 'NO_AUTH_ACCOUNTS':
      return itemError(
        refusal.code,
        'no valid checking or savings accounts were found for this item',
        'No eligible checking or savings accounts were found at this institution.',
      );
    case 'NO_LIABILITY_ACCOUNTS':
      return itemError(
        refusal.code,
        'no credit card, paypal, student loan or mortgage accounts were found for this item',
        'No credit card, student loan or mortgage accounts were found at this institution.',
      );
    case 'NO_INVESTMENT_ACCOUNTS':
      return itemError(
        refusal.code,
        refusal.selectedByIds
          ? 'none of the accounts in options.account_ids is an investment account'
          : 'no investment accounts were found for this item',
        'No investment accounts were found at this institution.',
      );
    case 'PRODUCT_NOT_READY':
      return productNotReady(refusal.notReady);
  }
}

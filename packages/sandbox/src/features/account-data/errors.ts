/**
 * The account-data error whose wording depends on the product, worded in one place: an Item's
 * data for a product is not extracted yet.
 */
import { SandboxError } from '../../engine/errors/sandbox-error.js';

/** Why a product's data is not ready. */
export type NotReady =
  /** The first extraction runs and ends at `readyAt`. */
  | { product: 'investments'; readyAt: string }
  /** The product was not an initial product and its first extraction was never started. */
  | { product: 'transactions'; readyAt: null };

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

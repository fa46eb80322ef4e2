/**
 * Stored rows as the API's objects: `Item`, `Account`, `Balances`.
 */

import { createApiError } from '@svc/server-kit';
import type { components } from '@svc/spec/types';
import { fromJsonText } from '../../engine/index.js';
import type { AccountRow, LiveItem } from './access.js';
import { itemLoginRequired } from './errors.js';
import { isLoginRequired } from './item-reads.js';

type Schemas = components['schemas'];

/** Products an Item can serve besides those it was created with. */
const ALWAYS_AVAILABLE: readonly Schemas['Product'][] = ['balance'];

/** The `Item` object of a stored Item. */
export function presentItem(item: LiveItem): Schemas['Item'] {
  const billed = fromJsonText(item.products);
  const available = ALWAYS_AVAILABLE.filter((product) => !billed.includes(product));
  return {
    item_id: item.item_id,
    institution_id: item.institution_id,
    available_products: available,
    billed_products: billed,
    consent_expiration_time: null,
    error: itemError(item),
    update_type: 'background',
    webhook: item.webhook,
  };
}

/** `Item.error`: `ITEM_LOGIN_REQUIRED` (worded as the error a read answers) for an Item whose login was reset and not repaired, otherwise null. */
export function itemError(item: LiveItem): Schemas['EmbeddedError'] | null {
  return isLoginRequired(item) ? loginRequiredError() : null;
}

/** `ITEM_LOGIN_REQUIRED` as an embedded error (`Item.error`, webhook payloads): worded as the error a read answers. */
export function loginRequiredError(): Schemas['EmbeddedError'] {
  const { init } = itemLoginRequired();
  const { request_id: _requestId, ...error } = createApiError({
    status: 400,
    errorType: init.type,
    errorCode: init.code,
    message: init.message,
    displayMessage: init.displayMessage ?? null,
    suggestedAction: init.suggestedAction ?? null,
  });
  return error;
}

/** The `Account` object of a stored account. */
export function presentAccount(account: AccountRow): Schemas['Account'] {
  return {
    account_id: account.account_id,
    balances: presentBalances(account),
    mask: account.mask,
    name: account.name,
    official_name: account.official_name,
    type: account.type,
    subtype: account.subtype,
  };
}

/** The `Balances` object of a stored account. */
export function presentBalances(account: AccountRow): Schemas['Balances'] {
  return {
    available: account.available,
    current: account.current,
    limit: account.limit_amount,
    iso_currency_code: account.iso_currency_code,
    unofficial_currency_code: null,
  };
}

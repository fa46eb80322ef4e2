/**
 * What every account-data read checks before it answers: the access (or processor) token, the
 * Item's login (a login-reset Item answers `ITEM_LOGIN_REQUIRED`, an Item at an institution that is
 * down `INSTITUTION_NOT_RESPONDING`), and whether the Item can
 * serve the product at all (`PRODUCTS_NOT_SUPPORTED` for an Item migrated for bank transfers
 * only, and, where the operation declares it, for an institution without the product).
 */

import type { CompiledQuery } from 'kysely';
import type { HandlerContext, Results, Store } from '../../engine/index.js';
import { loadInstitutions } from '../institutions/index.js';
import { testUserOf } from '../world/index.js';
import { type AccountRow, accountOfProcessorToken, type LiveItem, liveItemOf, type TokenRow } from './access.js';
import { readWithToken } from './accounts-with-token.js';
import { isoDate } from './calendar.js';
import { institutionNotResponding, itemLoginRequired, productsNotSupported } from './errors.js';

type Db = Parameters<typeof readWithToken>[0];

/**
 * Whether the Item is in `ITEM_LOGIN_REQUIRED` (test user `user_login_reset`, or
 * `/sandbox/item/reset_login` not yet repaired).
 */
export function isLoginRequired(item: LiveItem): boolean {
  return item.login_required === 1;
}

/**
 * Refuses an Item that cannot serve data now: its login was reset (`ITEM_LOGIN_REQUIRED`), or
 * its institution does not answer (test user `user_institution_down`:
 * `INSTITUTION_NOT_RESPONDING`).
 */
export function checkLogin(item: LiveItem): void {
  if (isLoginRequired(item)) {
    throw itemLoginRequired();
  }
  if (testUserOf(item.test_user).behaviour === 'institution_down') {
    throw institutionNotResponding(item.institution_id);
  }
}

/**
 * Refuses `product` for an Item created by `/bank_transfer/migrate_account`: such an Item serves
 * bank transfers only (`ITEM_ERROR` / `PRODUCTS_NOT_SUPPORTED`).
 */
export function checkNotBankTransferOnly(item: LiveItem, product: string): void {
  if (item.bank_transfer_only === 1) {
    throw productsNotSupported({ reason: 'bank-transfer-only', product });
  }
}

/**
 * The Item of a valid access token of the caller: refused when its login was reset and, when
 * `product` is given, when it serves bank transfers only. For a read of its accounts next
 * (`accountsOfItem`): on PostgreSQL they come in the same round trip as the token.
 */
export async function readableItem(
  db: Db,
  context: HandlerContext,
  accessToken: string,
  product?: string,
): Promise<LiveItem> {
  return (await readableItemWith(db, context, accessToken, product, [])).item;
}

/**
 * {@link readableItem} with `statements` sent together with the token lookup (reads that need no
 * earlier answer, by the token rather than the Item's id): their answers, in order.
 */
export async function readableItemWith<const T extends readonly CompiledQuery<unknown>[]>(
  db: Db,
  context: HandlerContext,
  accessToken: string,
  product: string | undefined,
  statements: T,
): Promise<{ item: LiveItem; answers: Results<T> }> {
  const { found, answers } = await readWithToken(db, context.client.client_id, accessToken, 'access', statements);
  return { item: checkReadable(liveItemOf(found), product), answers };
}

/**
 * `item` if it can serve data now (see {@link readableItem}; `product` refused for an Item that
 * serves bank transfers only); refused otherwise.
 */
function checkReadable(item: LiveItem, product?: string): LiveItem {
  checkLogin(item);
  if (product !== undefined) {
    checkNotBankTransferOnly(item, product);
  }
  return item;
}

/**
 * The Item and account of a valid processor token of the caller, for reading `product`: refused
 * when the Item's login was reset, or when it serves bank transfers only.
 */
export async function readableProcessorAccount(
  db: Db,
  context: HandlerContext,
  processorToken: string,
  product: string,
): Promise<{ item: LiveItem; account: AccountRow; token: TokenRow }> {
  const found = await accountOfProcessorToken(db, context.client.client_id, processorToken);
  checkLogin(found.item);
  checkNotBankTransferOnly(found.item, product);
  return found;
}

/** The institution facts account data depends on. */
export interface ItemInstitution {
  institution_id: string;
  country_codes: readonly string[];
  products: readonly string[];
  routing_numbers: readonly string[];
}

/** The institution of an Item (from the seeded reference data). */
export async function institutionOf(store: Store, item: LiveItem): Promise<ItemInstitution> {
  const found = (await loadInstitutions(store)).find((entry) => entry.institution_id === item.institution_id);
  return found ?? { institution_id: item.institution_id, country_codes: ['US'], products: [], routing_numbers: [] };
}

/** Refuses a product the Item's institution does not offer (`ITEM_ERROR` / `PRODUCTS_NOT_SUPPORTED`). */
export function checkInstitutionOffers(institution: ItemInstitution, product: string): void {
  if (!institution.products.includes(product)) {
    throw productsNotSupported({
      reason: 'institution',
      institutionId: institution.institution_id,
      products: [product],
      offered: institution.products,
    });
  }
}

/** Whether `product` was one of the Item's initial products. */
export function hasInitialProduct(item: LiveItem, product: string): boolean {
  return (JSON.parse(item.products) as string[]).includes(product);
}

/** The day the Item's generated history ends on: the UTC day it was created. */
export function anchorOf(item: LiveItem): string {
  return isoDate(item.created_at);
}

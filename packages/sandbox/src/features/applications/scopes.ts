/**
 * The scopes of a connected application on one Item: the default a new connection starts with,
 * and the rules a replacement must follow (`/item/application/scopes/update`).
 */
import type { components } from '@svc/spec/types';
import { invalidAccountIdMessage } from '../items/index.js';

type Schemas = components['schemas'];
type Requested = Schemas['ConnectedApplicationRequestedScopes'];
type Scopes = Schemas['ApplicationScopes'];
type Product = keyof Schemas['ApplicationScopesProductAccess'];

/** What the scope rules need to know about an account of the Item. */
export interface ScopeAccount {
  account_id: string;
  type: string;
  subtype: string;
}

const PRODUCTS: readonly Product[] = ['statements', 'identity', 'auth', 'transactions'];

/** Whether the application's `account_filters` let the user share `account`. */
export function isEligible(requested: Requested, account: Pick<ScopeAccount, 'type' | 'subtype'>): boolean {
  const filters = requested.account_filters as Record<string, readonly string[] | undefined>;
  return filters[account.type]?.includes(account.subtype) ?? false;
}

/**
 * The scopes a connection starts with: the required products; the eligible accounts listed, the
 * first one authorized for `SINGLE_SELECT` and all of them otherwise; accounts opened later not
 * shared.
 */
export function defaultScopes(requested: Requested, accounts: readonly ScopeAccount[]): Scopes {
  const eligible = accounts.filter((account) => isEligible(requested, account));
  const single = requested.account_selection_cardinality === 'SINGLE_SELECT';
  return {
    product_access: { ...requested.required_product_access },
    accounts: eligible.map((account, index) => ({ unique_id: account.account_id, authorized: !single || index === 0 })),
    new_accounts: false,
  };
}

/** Why a scopes replacement is refused. */
export type ScopesProblem =
  | { code: 'INVALID_FIELD'; field: string; message: string }
  | { code: 'INVALID_ACCOUNT_ID' | 'INVALID_SCOPES'; message: string };

/**
 * The first rule `scopes` breaks for application `applicationId` on an Item with `accounts`, or
 * undefined when it follows them all: each account listed once and one of the Item's; products
 * granted only if requested; accounts authorized only if the filters allow them, and at most one
 * for `SINGLE_SELECT`.
 */
export function scopesProblem(
  applicationId: string,
  requested: Requested,
  accounts: readonly ScopeAccount[],
  scopes: Scopes,
): ScopesProblem | undefined {
  const seen = new Set<string>();
  for (const entry of scopes.accounts) {
    if (seen.has(entry.unique_id)) {
      return {
        code: 'INVALID_FIELD',
        field: 'scopes.accounts',
        message: `lists unique_id ${entry.unique_id} more than once`,
      };
    }
    seen.add(entry.unique_id);
  }
  for (const [index, entry] of scopes.accounts.entries()) {
    if (!accounts.some((account) => account.account_id === entry.unique_id)) {
      return {
        code: 'INVALID_ACCOUNT_ID',
        message: invalidAccountIdMessage(`scopes.accounts[${index}].unique_id`, [entry.unique_id]),
      };
    }
  }
  for (const product of PRODUCTS) {
    const asked = requested.required_product_access[product] || requested.optional_product_access[product];
    if (scopes.product_access[product] && !asked) {
      return {
        code: 'INVALID_SCOPES',
        message: `scopes.product_access.${product} cannot be true: application ${applicationId} did not request ${product}`,
      };
    }
  }
  const authorized = scopes.accounts.filter((entry) => entry.authorized);
  for (const entry of authorized) {
    const account = accounts.find((candidate) => candidate.account_id === entry.unique_id);
    if (account && !isEligible(requested, account)) {
      return {
        code: 'INVALID_SCOPES',
        message: `scopes.accounts authorizes ${entry.unique_id}, a ${account.type} ${account.subtype} account, but application ${applicationId} takes only the account subtypes of its account_filters`,
      };
    }
  }
  if (requested.account_selection_cardinality === 'SINGLE_SELECT' && authorized.length > 1) {
    return {
      code: 'INVALID_SCOPES',
      message: `scopes.accounts authorizes ${authorized.length} accounts but application ${applicationId} allows one (account_selection_cardinality SINGLE_SELECT)`,
    };
  }
  return undefined;
}

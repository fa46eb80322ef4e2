/**
 * The accounts a new sandbox Item gets, generated from its test user and derived from its Item
 * id: the same Item always has the same accounts, and different Items never share an id.
 */

import { derivedId } from '../../engine/index.js';
import type { TestUser } from '../world/index.js';
import type { AccountsTable } from './tables.js';

/** The template of one generated account. */
interface AccountTemplate {
  type: AccountsTable['type'];
  subtype: AccountsTable['subtype'];
  name: string;
  officialName: string;
  mask: string;
  available: number | null;
  current: number;
  limit: number | null;
}

const CHECKING: AccountTemplate = {
  type: 'depository',
  subtype: 'checking',
  name: 'Gingham Checking',
  officialName: 'Gingham Gold Standard 0.1% Interest Checking',
  mask: '0000',
  available: 100,
  current: 110,
  limit: null,
};
const SAVINGS: AccountTemplate = {
  type: 'depository',
  subtype: 'savings',
  name: 'Gingham Saving',
  officialName: 'Gingham Silver Standard 0.1% Interest Saving',
  mask: '1111',
  available: 200,
  current: 210,
  limit: null,
};
const FULL_SET: readonly AccountTemplate[] = [
  CHECKING,
  SAVINGS,
  {
    type: 'credit',
    subtype: 'credit card',
    name: 'Gingham Credit Card',
    officialName: 'Gingham Graphite Card',
    mask: '3333',
    available: null,
    current: 410,
    limit: 2000,
  },
  {
    type: 'loan',
    subtype: 'student',
    name: 'Gingham Student Loan',
    officialName: 'Gingham Student Loan',
    mask: '7777',
    available: null,
    current: 65262,
    limit: null,
  },
  {
    type: 'loan',
    subtype: 'mortgage',
    name: 'Gingham Mortgage',
    officialName: 'Gingham Mortgage',
    mask: '8888',
    available: null,
    current: 56302.06,
    limit: null,
  },
  {
    type: 'investment',
    subtype: 'ira',
    name: 'Gingham IRA',
    officialName: 'Gingham Traditional IRA',
    mask: '5555',
    available: null,
    current: 320.76,
    limit: null,
  },
];

/** The templates of the accounts of `user`'s Items. */
function templatesFor(user: TestUser): readonly AccountTemplate[] {
  switch (user.behaviour) {
    case 'micro_deposits':
      return [CHECKING, SAVINGS];
    case 'zero_balance':
      return FULL_SET.map((template) =>
        template.type === 'depository' ? { ...template, available: 0, current: 0 } : template,
      );
    default:
      return FULL_SET;
  }
}

/** Options of {@link generateAccounts}. */
export interface GenerateAccountsOptions {
  itemId: string;
  clientId: string;
  user: TestUser;
  createdAt: string;
  /** Ids to use instead of derived ones, in order (the canonical Item). */
  accountIds?: readonly string[];
}

/** The account rows of a new Item. */
export function generateAccounts(options: GenerateAccountsOptions): AccountsTable[] {
  const microDeposits = options.user.behaviour === 'micro_deposits';
  return templatesFor(options.user).map((template, position) => ({
    account_id: options.accountIds?.[position] ?? derivedId(`${options.itemId}/account/${position}`),
    item_id: options.itemId,
    client_id: options.clientId,
    position,
    type: template.type,
    subtype: template.subtype,
    name: template.name,
    official_name: template.officialName,
    mask: template.mask,
    available: template.available,
    current: template.current,
    limit_amount: template.limit,
    iso_currency_code: 'USD',
    verification_status: null,
    micro_deposits: microDeposits && template.type === 'depository' ? 1 : 0,
    created_at: options.createdAt,
  }));
}

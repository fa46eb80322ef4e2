/**
 * Where two operations share one paging helper, the helper applies one operation's documented
 * defaults: these checks fail if the spec ever gives the other operation different ones.
 */
import { describe, expect, it } from 'vitest';
import { PAGE_DEFAULTS } from '../../src/features/account-data/paging.js';
import { LIST_DEFAULTS } from '../../src/features/transfers/list-window.js';
import { requestDefaults } from '../../src/generated/handlers.gen.js';

describe('shared request defaults', () => {
  it('/investments/transactions/get pages with the same defaults as /transactions/get', () => {
    expect(requestDefaults.investmentsTransactionsGet.options).toEqual(PAGE_DEFAULTS);
  });

  it('/bank_transfer/list pages with the same defaults as /transfer/list', () => {
    expect(requestDefaults.bankTransferList).toEqual(LIST_DEFAULTS);
  });
});

/**
 * The items feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */
export {
  type AccountRow,
  accountByIdStatement,
  accountOfProcessorToken,
  accountsOfItem,
  itemOfAccessToken,
  type LiveItem,
  liveItemOf,
  liveTokenOf,
  liveTokenStatement,
  processorTokenOf,
  processorTokenStatements,
  selectAccounts,
} from './access.js';
export { itemAndAccount, theItemsAccount } from './account-of-item.js';
export { generateAccounts } from './accounts.js';
export { addDays, firstOfMonth, isoDate, latestDate } from './calendar.js';
export {
  hasTransactions,
  isAuthAccount,
  isCheckingOrSavings,
  isInvestmentAccount,
  isLiabilityAccount,
  kindName,
} from './coverage.js';
export {
  accountNotSupported,
  invalidAccessToken,
  invalidAccountId,
  invalidAccountIdMessage,
  itemLoginRequired,
  productsNotSupported,
  type UnsupportedProducts,
} from './errors.js';
export { type ItemRoomStatements, itemRoomStatements, refuseItemPastCap } from './item-limit.js';
export {
  anchorOf,
  checkInstitutionOffers,
  checkLogin,
  hasInitialProduct,
  institutionOf,
  isLoginRequired,
  readableItem,
  readableItemWith,
  readableProcessorAccount,
} from './item-reads.js';
export { scheduleNextTransactionsDay, TRANSACTIONS_DAY } from './new-day.js';
export { itemHandlers } from './operations.js';
export { itemError, presentAccount, presentItem } from './present.js';
export { accessTokenStatement, accountTokenStatement, bankTransferOnlyItemStatements } from './queries.js';
export { itemSandboxHandlers } from './sandbox-operations.js';
export { seedCanonicalItem, seedCanonicalMicroDeposits } from './seed.js';
export type { AccountsTable, ItemsTable } from './tables.js';
export { accountsOfTokenStatement, itemIdOfToken } from './token-accounts.js';
export { verificationHandlers } from './verification.js';

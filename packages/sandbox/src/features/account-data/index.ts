/**
 * The account-data feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */
export { investmentHandlers } from './investments-operations.js';
export { accountNumbers } from './numbers.js';
export { accountDataHandlers } from './operations.js';
export { ownersOf } from './owners.js';
export {
  extractionOf,
  extractionOfTokenStatement,
  pageTransactions,
  storedTransactionsOfTokenStatement,
  transactionsOfRows,
} from './queries.js';
export { type Transaction, transactionHistory } from './transactions.js';
export { transactionsDayPerformer } from './transactions-day.js';
export { transactionHandlers } from './transactions-operations.js';

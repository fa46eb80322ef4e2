/**
 * The handler of every operation, assembled from the domain groups. Typed as {@link Handlers}:
 * an operation of the spec without a handler here does not compile.
 */

import type { Handlers } from './engine/handler-types.js';
import { investmentHandlers } from './features/account-data/investments-operations.js';
import { accountDataHandlers } from './features/account-data/operations.js';
import { transactionHandlers } from './features/account-data/transactions-operations.js';
import { applicationHandlers } from './features/applications/operations.js';
import { assetReportHandlers } from './features/asset-reports/operations.js';
import { bankTransferHandlers } from './features/bank-transfers/operations.js';
import { employerHandlers } from './features/employers/operations.js';
import { institutionHandlers } from './features/institutions/operations.js';
import { itemHandlers } from './features/items/operations.js';
import { verificationHandlers } from './features/items/verification.js';
import { paymentHandlers } from './features/payments/operations.js';
import { processorHandlers } from './features/processor/operations.js';
import { processorTokenHandlers } from './features/processor/token-operations.js';
import { signalHandlers } from './features/signal/operations.js';
import { transferHandlers } from './features/transfers/operations.js';

/** Every operation's handler, by operationId. */
export const handlers: Handlers = {
  ...itemHandlers,
  ...institutionHandlers,
  ...accountDataHandlers,
  ...investmentHandlers,
  ...transactionHandlers,
  ...processorTokenHandlers,
  ...processorHandlers,
  ...transferHandlers,
  ...bankTransferHandlers,
  ...assetReportHandlers,
  ...signalHandlers,
  ...employerHandlers,
  ...applicationHandlers,
  ...verificationHandlers,
  ...paymentHandlers,
};

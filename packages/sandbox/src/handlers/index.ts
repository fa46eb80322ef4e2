/**
 * The handler of every operation, assembled from the domain groups. Typed as {@link Handlers}:
 * an operation of the spec without a handler here does not compile.
 */
import { accountDataHandlers } from './account-data.js';
import { applicationHandlers } from './applications.js';
import { assetReportHandlers } from './asset-reports.js';
import { bankTransferHandlers } from './bank-transfers.js';
import { employerHandlers } from './employers.js';
import { institutionHandlers } from './institutions.js';
import { investmentHandlers } from './investments.js';
import { itemHandlers } from './items.js';
import { paymentHandlers } from './payments.js';
import { processorHandlers } from './processor.js';
import { processorTokenHandlers } from './processor-tokens.js';
import { signalHandlers } from './signal.js';
import { transactionHandlers } from './transactions.js';
import { transferHandlers } from './transfers.js';
import type { Handlers } from './types.js';
import { verificationHandlers } from './verification.js';

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

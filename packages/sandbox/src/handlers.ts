/**
 * The handler of every operation, assembled from the domain groups. Typed as {@link Handlers}:
 * an operation of the spec without a handler here does not compile.
 */

import type { Handlers } from './engine/handler-types.js';
import { accountDataHandlers, investmentHandlers, transactionHandlers } from './features/account-data/index.js';
import { applicationHandlers } from './features/applications/index.js';
import { assetReportHandlers } from './features/asset-reports/index.js';
import { bankTransferHandlers } from './features/bank-transfers/index.js';
import { type ClockCapabilities, createClockHandlers } from './features/clock/index.js';
import { employerHandlers } from './features/employers/index.js';
import { faultRuleHandlers } from './features/faults/index.js';
import { institutionHandlers } from './features/institutions/index.js';
import { itemHandlers, itemSandboxHandlers, verificationHandlers } from './features/items/index.js';
import { paymentHandlers } from './features/payments/index.js';
import { processorHandlers, processorTokenHandlers } from './features/processor/index.js';
import {
  type ClientAdministration,
  createClientAdminHandlers,
  createSnapshotHandlers,
} from './features/sandbox-admin/index.js';
import { signalHandlers } from './features/signal/index.js';
import {
  transferHandlers,
  transferLifecycleSettingHandlers,
  transferSimulationHandlers,
} from './features/transfers/index.js';

/** What the composition root gives the features that need more than every handler's context. */
export interface FeatureCapabilities {
  clock: ClockCapabilities;
  clients: ClientAdministration;
}

/** Every operation's handler, by operationId, with the capabilities the features need. */
export const createHandlers = (capabilities: FeatureCapabilities): Handlers => ({
  ...itemHandlers,
  ...institutionHandlers,
  ...accountDataHandlers,
  ...investmentHandlers,
  ...transactionHandlers,
  ...processorTokenHandlers,
  ...processorHandlers,
  ...transferHandlers,
  ...transferSimulationHandlers,
  ...transferLifecycleSettingHandlers,
  ...bankTransferHandlers,
  ...assetReportHandlers,
  ...signalHandlers,
  ...employerHandlers,
  ...applicationHandlers,
  ...verificationHandlers,
  ...itemSandboxHandlers,
  ...paymentHandlers,
  ...faultRuleHandlers,
  ...createClockHandlers(capabilities.clock),
  ...createClientAdminHandlers(capabilities.clients),
  ...createSnapshotHandlers(capabilities.clients),
});

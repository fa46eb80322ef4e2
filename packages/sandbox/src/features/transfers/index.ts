/**
 * The transfers feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */

export { TRANSFER_POST, TRANSFER_SETTLE, transferPostPerformer, transferSettlePerformer } from './auto-moves.js';
export {
  ALBERTA,
  CANONICAL_AUTHORIZATIONS,
  CANONICAL_ORIGINATION_ACCOUNT_ID,
  CANONICAL_TRANSFER,
  CANONICAL_TRANSFER_ACCOUNTS,
  DEMO_ORIGINATION_ACCOUNT_IDS,
} from './canonical.js';
export {
  type Lifecycle,
  type LifecycleEvent,
  type LifecycleRecord,
  type LifecycleTables,
  lifecycleOf,
  type MoveFields,
  type NewEvent,
  type TableOf,
  type WithWebhook,
} from './lifecycle.js';
export { transferLifecycleSettingHandlers } from './lifecycle-setting-operation.js';
export { positionRange } from './list-positions.js';
export type { ListWindow } from './list-window.js';
export { formatCents, parseCents } from './money.js';
export { type TransferFailure, type TransferMove, transferMoveRefusal } from './moves.js';
export { transferHandlers } from './operations.js';
export {
  adjustAvailable,
  adjustAvailableStatement,
  invalidOriginationAccount,
  originationAccountsOf,
  originationAccountsStatement,
  reserveTransactableStatement,
  resolveOriginationAccount,
  resolveOriginationAccountOf,
} from './origination-account-queries.js';
export { parsed, presentTime } from './present.js';
export { unusedAuthorizationsRetention } from './retention.js';
export { seedTransferWorld } from './seed.js';
export { transferSimulationHandlers } from './simulate-operation.js';
export {
  canMoveTransfer,
  isFinalTransferStatus,
  TRANSFER_TRANSITIONS,
  type TransferStatus,
  transferStatusesBefore,
} from './transfer-status.js';

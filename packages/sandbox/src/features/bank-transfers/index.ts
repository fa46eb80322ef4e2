/**
 * The bank-transfers feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */

export { CANONICAL_BANK_TRANSFERS } from './canonical.js';
export { bankTransferHandlers } from './operations.js';
export { bankTransferLifecycle } from './queries.js';
export { seedBankTransferWorld } from './seed.js';

/**
 * The payments feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */

export { CANONICAL_PAYMENTS, CANONICAL_RECIPIENTS } from './canonical.js';
export { paymentHandlers } from './operations.js';
export { refundExecutionPerformer } from './refunds.js';
export { seedPaymentWorld } from './seed.js';

/**
 * The signal feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */
export { signalHandlers } from './operations.js';
export { ACH_RETURN_CODES, isAssignedReturnCode } from './return-codes.js';
export { seedCanonicalEvaluation } from './seed.js';

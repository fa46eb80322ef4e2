/**
 * The processor feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */
export { processorHandlers } from './operations.js';
export { processorTokenHandlers } from './token-operations.js';

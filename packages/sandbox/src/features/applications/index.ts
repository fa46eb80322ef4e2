/**
 * The applications feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */
export { applicationHandlers } from './operations.js';
export { seedApplications } from './seed.js';

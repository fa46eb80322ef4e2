/**
 * The employers feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */
export { employerHandlers } from './operations.js';
export { seedEmployers } from './seed.js';

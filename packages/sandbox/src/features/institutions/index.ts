/**
 * The institutions feature as other features and the composition root see it: everything they may
 * use, and nothing else (the architecture check refuses any other way in).
 */
export { invalidInstitution } from './errors.js';
export { institutionHandlers } from './operations.js';
export { loadInstitutions } from './queries.js';
export { seedInstitutions } from './seed.js';

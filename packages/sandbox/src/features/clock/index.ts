/**
 * The clock feature as the composition root sees it: the handlers of the client's test clock.
 */
export { clockHandlers } from './operations.js';

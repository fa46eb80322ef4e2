/**
 * The clock feature as the composition root sees it: the handlers of the client's test clock.
 */
export { clockPanel } from './inspector-panel.js';
export { type ClockCapabilities, createClockHandlers } from './operations.js';

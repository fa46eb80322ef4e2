/**
 * The sandbox-admin feature as the composition root sees it: the operations the sandbox's admin
 * key authenticates.
 */
export { type ClientAdministration, createClientAdminHandlers } from './operations.js';
export { createSnapshotHandlers } from './snapshots.js';

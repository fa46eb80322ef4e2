/**
 * `@svc/client/testing`: helpers for test runners against the sandbox — a throwaway client per
 * test file (or test), reset or restored between tests, deleted after.
 */
export {
  ADMIN_KEY_VARIABLE,
  createThrowawayClient,
  type ThrowawayClient,
  type ThrowawayClientOptions,
} from './throwaway-client.js';

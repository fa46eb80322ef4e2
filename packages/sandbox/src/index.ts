/**
 * @module @svc/sandbox
 * A stateful sandbox server of the SVC API: every operation with its rules enforced, state in
 * SQLite (default) or PostgreSQL (shared by several instances), webhooks delivered and signed.
 */

export {
  type Clock,
  createManualClock,
  createStartedClock,
  type ManualClock,
  parseStartTime,
  systemClock,
} from './engine/clock.js';
export { DEFAULT_RATE_LIMIT, parseRateLimit, type RateLimit } from './engine/http/rate-limit.js';
export { jsonLineLogger, type LogEntry, type Logger, silentLogger } from './engine/logger.js';
export type { Store, StoreLocation } from './engine/store/open-store.js';
export { DEFAULT_RETENTION_POLICY, type RetentionPolicy } from './engine/store/retention.js';
export { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy, retryDelayMs } from './engine/webhooks/deliverer.js';
export { SIGNATURE_HEADER, signWebhook, WEBHOOK_ID_HEADER } from './engine/webhooks/signature.js';
export { checkAddress, checkWebhookUrl } from './engine/webhooks/url-policy.js';
export { INSPECTOR_PATH } from './features/inspector/index.js';
export { TEST_USERS, type TestUser } from './features/world/test-users.js';
export { DEFAULT_CLIENT, DEMO_CLIENT } from './features/world/world.js';
export {
  DEFAULT_DATA_DIR,
  EXAMPLES_HOLD_UNTIL,
  EXAMPLES_TIME,
  type RunningSandbox,
  type SandboxOptions,
  startSandbox,
} from './start-sandbox.js';

/**
 * @module @svc/sandbox
 * A stateful sandbox server of the SVC API: every operation with its rules enforced, state in
 * SQLite (default) or PostgreSQL (shared by several instances), webhooks delivered and signed.
 */

export { TEST_USERS, type TestUser } from './domain/test-users.js';
export { DEFAULT_CLIENT, DEMO_CLIENT } from './domain/world.js';
export { type Clock, createManualClock, type ManualClock, systemClock } from './server/clock.js';
export { jsonLineLogger, type LogEntry, type Logger, silentLogger } from './server/logger.js';
export { DEFAULT_RATE_LIMIT, parseRateLimit, type RateLimit } from './server/rate-limit.js';
export { DEFAULT_DATA_DIR, type RunningSandbox, type SandboxOptions, startSandbox } from './server/start-sandbox.js';
export type { Store, StoreLocation } from './store/open-store.js';
export { DEFAULT_DELIVERY_POLICY, type DeliveryPolicy, retryDelayMs } from './webhooks/deliverer.js';
export { SIGNATURE_HEADER, signWebhook, WEBHOOK_ID_HEADER } from './webhooks/signature.js';
export { checkAddress, checkWebhookUrl } from './webhooks/url-policy.js';

/**
 * The engine's surface: everything a feature may use of the engine, and the only module of the
 * engine a feature imports (the architecture check refuses any other). Features state what they
 * read and write here (prepared queries, statements sent together, a finishing statement, the
 * idempotency and event-log helpers); the store decides how each travels to its database.
 */

export type { Authenticator } from './clients/authenticate.js';
export { forkSnapshot } from './clients/client-fork.js';
export type { ClientNamespace } from './clients/client-namespace.js';
// The store: its schema, prepared queries, statements together, the finishing statement.
export {
  listSnapshots,
  removeSnapshot,
  restoreSnapshot,
  type SnapshotSummary,
  takeSnapshot,
} from './clients/client-snapshots.js';
export type { Clock } from './clock.js';
// Errors and refusals in the API's error object.
export { apiErrorOf } from './errors/api-error-of.js';
export { CLIENT_LIMITS, clientLimitReached } from './errors/client-limits.js';
export { type Outcome, orRefuse, refused, refuseIf } from './errors/refusal.js';
export { invalidField, invalidInput, SandboxError } from './errors/sandbox-error.js';
// Handlers: what a feature's handlers receive and answer.
export type { AdminContext, HandlerContext, HandlerGroup, RequestOf, ResultOf } from './handler-types.js';
// Faults on demand.
export {
  type DropPoint,
  type FaultDecider,
  type FaultRulesAlongside,
  formatFault,
  type RequestFault,
} from './http/request-fault.js';
export { isStoreOutage, STORE_OUTAGE_RETRY_AFTER, storeOutageError } from './http/store-outage.js';
// Identifiers and JSON columns.
export {
  derivedId,
  ENVIRONMENT,
  newAccessToken,
  newProcessorToken,
  newPublicToken,
  newUuid,
  randomId,
  withoutAnyNamespace,
} from './ids.js';
export { REDACTED, redactedJson } from './inspector/redact.js';
export { fromJsonText, type JsonText, toJsonText } from './json-text.js';
export { requestFingerprint } from './request-fingerprint.js';
// Client clocks and scheduled work.
export {
  addDays,
  type CalendarDate,
  calendarDate,
  dateInZone,
  daysInMonth,
  isoWeekday,
  isWeekend,
  lastWeekday,
  nthWeekday,
  zonedTime,
} from './schedule/calendar-date.js';
export {
  type AdvanceTo,
  advanceClientClock,
  clientNow,
  clockAdvanceInvalid,
  storedClockOffset,
} from './schedule/client-clock.js';
export {
  type DuePerformer,
  type DueWork,
  type DueWorkRunner,
  dueWorkIfClientStatement,
  dueWorkStatement,
  type NewDueWork,
  scheduleDueWork,
} from './schedule/due-work.js';
export { durationMs } from './schedule/duration.js';
export { checkClientHeld, StaleClientClockError, StaleClientError } from './schedule/stale-clock.js';
export { boundInserts } from './store/bound-inserts.js';
export { setBounded } from './store/bounded-map.js';
export { CLIENT_WORLD_SCOPE, clientLockStatement, clientWorldLockShared } from './store/client-lock.js';
export type { BigIntColumn } from './store/columns.js';
export type { Database } from './store/database.js';
export { engineOf } from './store/engine-of.js';
export {
  type CountedQuery,
  type CounterValue,
  counted,
  eventCounterName,
  incrementCounter,
  prepareCounted,
} from './store/event-log.js';
export { type AfterCommit, finishWith, settleFinishing } from './store/finishing-statement.js';
export {
  heldByThisRequest,
  type KeyOfRecord,
  keyClaim,
  type RecordOfKey,
  rememberIdempotencyKey,
  resourceIdOfKey,
} from './store/idempotency.js';
export type { Store } from './store/open-store.js';
export { affectedRows, columnsOf, type Placeholders, prepareQuery, valuesOf } from './store/prepared-query.js';
export { deleteDueRows, type RetentionStep } from './store/retention.js';
export { lockedForChange, type TwoWays, twoWays } from './store/statement-cost.js';
export { type Results, together } from './store/together.js';
// Webhooks and the inspector's redaction.
export { enqueueWebhook, type NewWebhook, webhookStatement } from './webhooks/outbox.js';
export { checkWebhookUrl, redactedUrl } from './webhooks/url-policy.js';

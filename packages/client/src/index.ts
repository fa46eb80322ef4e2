/**
 * @module @svc/client
 * Typed client for the SVC Financial Data, Payments and Transfers API: named methods and
 * paginators for every operation, openapi-fetch's path-typed calls, typed errors, retries by
 * operation, and webhook parsing. Types and operation metadata are generated from the OpenAPI
 * description (`src/generated/`).
 */

export type { components, operations, paths, webhooks } from '@svc/spec/types';
export {
  type ApiVersion,
  type ClientOptions,
  createClient,
  DEFAULT_TIMEOUT_MS,
  type SvcClient,
} from './create-client.js';
export { type Credentials, type CredentialsPlacement, HEADERS } from './credentials.js';
export {
  type ApiErrorBody,
  type ErrorCause,
  type ErrorCode,
  type ErrorType,
  type ErrorTypeOfCode,
  hasErrorCode,
  isApiError,
  isSvcError,
  type KnownErrorCode,
  SvcApiError,
  SvcError,
  type SvcErrorKind,
  type SvcErrorOfKind,
  SvcInvalidResponseError,
  SvcNetworkError,
  SvcTimeoutError,
  SvcWebhookError,
  type WebhookErrorReason,
} from './errors.js';
export { type Environment, environments } from './generated/environments.gen.js';
export {
  type OperationMethods,
  type OperationName,
  operationTable,
  type PagedOperationName,
  type Paginators,
} from './generated/operations.gen.js';
export type { WebhookPayloads } from './generated/webhooks.gen.js';
export type { ClientMiddleware, MiddlewareParams } from './middleware.js';
export type { OperationInfo, Paging, RetryPolicy } from './operation-info.js';
export type {
  CallOptions,
  Paged,
  PageItem,
  PaginateLimits,
  PaginateOptions,
  RequestBody,
  ResponseBody,
} from './operation-types.js';
export type {
  ApiPath,
  PathErrorBody,
  PathRequestBody,
  PathResponseBody,
  PostInit,
  PostMethod,
  PostResult,
} from './post.js';
export { DEFAULT_MAX_RETRIES, MAX_RETRY_AFTER_MS } from './retry.js';
export { parseWebhook, type WebhookBody, type WebhookCode, type WebhookPayload } from './webhooks/parse-webhook.js';
export {
  type VerifyWebhookOptions,
  verifyWebhook,
  WEBHOOK_ID_HEADER,
  WEBHOOK_SIGNATURE_HEADER,
} from './webhooks/verify-webhook.js';

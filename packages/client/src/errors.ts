/**
 * The errors the client throws. Every one is an {@link SvcError} with a `kind` to switch on:
 * `api` (a non-2xx response), `network` (no response), `timeout`, `invalid_response` (a 2xx whose
 * body is not JSON) and `webhook` (a webhook body that does not match its schema).
 *
 * None of them holds the request, its headers or its body, and every text taken from outside
 * (response bodies, underlying error messages) has the secret removed before it is stored, so no
 * message, stack, `JSON.stringify` or `util.inspect` of an error shows it.
 */

import type { components } from '@svc/spec/types';
import type { ErrorCode, ErrorCodesByType, ErrorType, KnownErrorCode } from './generated/error-types.gen.js';

export type { ErrorCode, ErrorType, KnownErrorCode };

/** The API error object, the body of every non-2xx response. */
export type ApiErrorBody = components['schemas']['ApiError'];

/**
 * One entry of `causes`: its own `error_type`, `error_code` and `error_message`, and what it is
 * about: `field` (a body field by JSON path), `header` (a header name), `location` (`body` or
 * `header`).
 */
export type ErrorCause = Omit<components['schemas']['ErrorCause'], 'error_code'> & { error_code: ErrorCode };

/** What went wrong, at the level a caller reacts to. */
export type SvcErrorKind = 'api' | 'network' | 'timeout' | 'invalid_response' | 'webhook';

/** Base class of every error of this client. */
export abstract class SvcError extends Error {
  /** What went wrong: `api`, `network`, `timeout`, `invalid_response` or `webhook`. */
  abstract readonly kind: SvcErrorKind;

  /** Own enumerable fields plus `name` and `message`, so `JSON.stringify(error)` is useful. */
  toJSON(): Record<string, unknown> {
    return { name: this.name, message: this.message, ...(this as object) };
  }
}

/** The fields of an {@link SvcApiError}, as the client read them from the response. */
export interface ApiErrorInit<T extends ErrorType = ErrorType> {
  operation: string;
  status: number;
  error_type: T;
  error_code: ErrorCode;
  error_message: string;
  display_message: string | null;
  request_id: string | null;
  causes: readonly ErrorCause[];
  documentation_url: string | null;
  suggested_action: string | null;
  retryAfterMs: number | null;
  unparsedBody: string | null;
}

/**
 * A non-2xx response. Carries the API error object's fields as the API names them, so it can be
 * told apart by `error_type` (see {@link isApiError}).
 *
 * When the body was not an API error object (not JSON, or JSON of another shape, e.g. from a
 * proxy), `unparsedBody` holds its beginning (secrets removed before it was cut to 500
 * characters), `error_code` is `UNEXPECTED_ERROR_BODY` and
 * `error_type` follows from the status as the API's catalogue assigns it: `429` →
 * `RATE_LIMIT_EXCEEDED`, `5xx` → `API_ERROR`, `401` → `INVALID_INPUT`, other → `INVALID_REQUEST`.
 */
export class SvcApiError<T extends ErrorType = ErrorType> extends SvcError {
  override readonly name = 'SvcApiError';
  readonly kind = 'api';
  /** The path of the operation called, e.g. `/transfer/create`. */
  declare readonly operation: string;
  /** The HTTP status of the response. */
  declare readonly status: number;
  declare readonly error_type: T;
  declare readonly error_code: ErrorCode;
  declare readonly error_message: string;
  declare readonly display_message: string | null;
  /** The request id to quote to support; null when the body did not carry one. */
  declare readonly request_id: string | null;
  /** The underlying errors, for example one per offending field (at most 100). */
  declare readonly causes: readonly ErrorCause[];
  declare readonly documentation_url: string | null;
  declare readonly suggested_action: string | null;
  /** How long the server asked to wait before retrying (`Retry-After`), or null. */
  declare readonly retryAfterMs: number | null;
  /** The beginning of the body when it was not an API error object; null otherwise. */
  declare readonly unparsedBody: string | null;

  constructor(init: ApiErrorInit<T>) {
    const id = init.request_id ? `, request_id ${init.request_id}` : '';
    super(
      `${init.error_type} ${init.error_code}: ${init.error_message} (HTTP ${init.status} from POST ${init.operation}${id})`,
    );
    Object.assign(this, init);
  }
}

/** The message of a call that got no response: `POST <operation> got no response<what> (attempts: <n>)`. */
function noResponse(init: { operation: string; attempts: number }, what: string): string {
  return `POST ${init.operation} got no response${what} (attempts: ${init.attempts})`;
}

/** No response arrived: the connection failed, was reset, or the host was not found. */
export class SvcNetworkError extends SvcError {
  override readonly name = 'SvcNetworkError';
  readonly kind = 'network';
  /** The path of the operation called. */
  declare readonly operation: string;
  /** How many attempts were made. */
  declare readonly attempts: number;
  /** The system error code when the runtime gives one (`ECONNREFUSED`, `ENOTFOUND`, ...), or null. */
  declare readonly code: string | null;

  constructor({ detail, ...init }: { operation: string; attempts: number; code: string | null; detail: string }) {
    super(noResponse(init, `${init.code ? ` (${init.code})` : ''}: ${detail}`));
    Object.assign(this, init);
  }
}

/** An attempt took longer than `timeoutMs` (response body included) and was aborted. */
export class SvcTimeoutError extends SvcError {
  override readonly name = 'SvcTimeoutError';
  readonly kind = 'timeout';
  /** The path of the operation called. */
  declare readonly operation: string;
  /** The time limit of each attempt, in milliseconds. */
  declare readonly timeoutMs: number;
  /** How many attempts were made. */
  declare readonly attempts: number;
  /**
   * The status of the last attempt's response when its headers arrived but its body did not
   * finish in time (a slow body); null when no response arrived at all.
   */
  declare readonly status: number | null;

  constructor(init: { operation: string; timeoutMs: number; attempts: number; status: number | null }) {
    super(
      init.status === null
        ? `${noResponse(init, ` within ${init.timeoutMs} ms`)}; the server may still have performed it`
        : `POST ${init.operation} got HTTP ${init.status} but not its whole body within ${init.timeoutMs} ms (attempts: ${init.attempts})`,
    );
    Object.assign(this, init);
  }
}

/** A 2xx response whose body is not the JSON object the API promises. */
export class SvcInvalidResponseError extends SvcError {
  override readonly name = 'SvcInvalidResponseError';
  readonly kind = 'invalid_response';
  /** The path of the operation called. */
  declare readonly operation: string;
  /** The HTTP status of the response. */
  declare readonly status: number;
  /** The beginning of the body. */
  declare readonly unparsedBody: string;

  constructor({ problem, ...init }: { operation: string; status: number; problem: string; unparsedBody: string }) {
    super(`POST ${init.operation} answered HTTP ${init.status} with ${problem}`);
    Object.assign(this, init);
  }
}

/** Why {@link parseWebhook} rejected a body. */
export type WebhookErrorReason =
  | 'INVALID_SIGNATURE'
  | 'INVALID_JSON'
  | 'NOT_AN_OBJECT'
  | 'UNKNOWN_WEBHOOK_CODE'
  | 'INVALID_PAYLOAD';

/** A webhook body that cannot be accepted; `problems` lists each violation by JSON path. */
export class SvcWebhookError extends SvcError {
  override readonly name = 'SvcWebhookError';
  readonly kind = 'webhook';
  declare readonly reason: WebhookErrorReason;
  /** The body's `webhook_code` when it had a string one, else null. */
  declare readonly webhook_code: string | null;
  /** One line per violation, e.g. `/new_transactions must be >= 1`. */
  declare readonly problems: readonly string[];

  constructor(init: { reason: WebhookErrorReason; webhook_code: string | null; problems: readonly string[] }) {
    const what = init.webhook_code ? `${init.webhook_code} webhook` : 'webhook';
    super(`invalid ${what} body (${init.reason}): ${init.problems.join('; ')}`);
    Object.assign(this, init);
  }
}

/** Whether `error` is an error of this client, optionally of one `kind`. */
export function isSvcError(error: unknown): error is SvcError;
export function isSvcError<K extends SvcErrorKind>(error: unknown, kind: K): error is SvcErrorOfKind<K>;
export function isSvcError(error: unknown, kind?: SvcErrorKind): boolean {
  return error instanceof SvcError && (kind === undefined || error.kind === kind);
}

/** The error class of each kind. */
export type SvcErrorOfKind<K extends SvcErrorKind> = {
  api: SvcApiError;
  network: SvcNetworkError;
  timeout: SvcTimeoutError;
  invalid_response: SvcInvalidResponseError;
  webhook: SvcWebhookError;
}[K];

/**
 * Whether `error` is an API error (a non-2xx response), optionally with one of the given
 * `error_type`s; narrows `error.error_type` to them.
 *
 * @example
 * if (isApiError(error, 'ITEM_ERROR') && error.error_code === 'ITEM_LOGIN_REQUIRED') {
 *   // send the user through Link's update mode
 * }
 */
export function isApiError<T extends ErrorType = ErrorType>(error: unknown, ...types: T[]): error is SvcApiError<T> {
  return error instanceof SvcApiError && (types.length === 0 || (types as ErrorType[]).includes(error.error_type));
}

/** The `error_type` a known `error_code` belongs to (two, for a code listed under two types). */
export type ErrorTypeOfCode<C extends KnownErrorCode> = {
  [T in ErrorType]: C extends ErrorCodesByType[T] ? T : never;
}[ErrorType];

/**
 * Whether `error` is an API error with one of the given known `error_code`s; narrows `error_code`
 * to them and `error_type` to their types. A misspelled code is a compile error here, unlike in
 * `error.error_code === '…'` (the code is an open set, so any string compares).
 *
 * @example
 * if (hasErrorCode(error, 'ITEM_LOGIN_REQUIRED')) {
 *   // error.error_type is 'ITEM_ERROR': send the user through Link's update mode
 * }
 */
export function hasErrorCode<C extends KnownErrorCode>(
  error: unknown,
  ...codes: [C, ...C[]]
): error is SvcApiError<ErrorTypeOfCode<C>> & { readonly error_code: C } {
  return error instanceof SvcApiError && (codes as readonly string[]).includes(error.error_code);
}

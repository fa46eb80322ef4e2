/**
 * Turns a non-2xx response into an {@link SvcApiError}, whatever its body: the API error object,
 * other JSON, text, or nothing.
 */
import { type ErrorCause, type ErrorType, SvcApiError } from './errors.js';
import { redactText, redactValue } from './redact.js';
import { retryAfterMs } from './retry.js';

/** How much of a body that is not an API error object an error keeps. */
export const UNPARSED_BODY_LIMIT = 500;

/** How much of the `title` / `detail` / `message` of foreign JSON an error message quotes. */
export const FOREIGN_DETAIL_LIMIT = 200;

/** The `error_code` of an error whose body was not an API error object. */
export const UNEXPECTED_ERROR_BODY = 'UNEXPECTED_ERROR_BODY';

/** The `error_type` the API's catalogue assigns to an HTTP status (spec: `ErrorType`). */
export function errorTypeForStatus(status: number): ErrorType {
  if (status === 429) {
    return 'RATE_LIMIT_EXCEEDED';
  }
  if (status >= 500) {
    return 'API_ERROR';
  }
  return status === 401 ? 'INVALID_INPUT' : 'INVALID_REQUEST';
}

/** What the client read from a non-2xx response. */
export interface ErrorResponse {
  /** The path of the operation called. */
  operation: string;
  status: number;
  headers: Headers;
  /** The body as openapi-fetch parsed it: JSON when it was JSON, else its text, or undefined. */
  body: unknown;
  /** Values to remove from everything the error keeps (the client secret). */
  secrets: readonly string[];
}

/** Builds the error of a non-2xx response. */
export function toApiError({ operation, status, headers, body, secrets }: ErrorResponse): SvcApiError {
  const retryAfter = retryAfterMs(headers.get('Retry-After'));
  if (isApiErrorObject(body)) {
    const safe = redactValue(body, secrets) as Record<string, unknown>;
    return new SvcApiError({
      operation,
      status,
      error_type: safe.error_type as ErrorType,
      error_code: safe.error_code as string,
      error_message: safe.error_message as string,
      display_message: stringOrNull(safe.display_message),
      request_id: stringOrNull(safe.request_id),
      causes: Array.isArray(safe.causes) ? safe.causes.filter(isCause) : [],
      documentation_url: stringOrNull(safe.documentation_url),
      suggested_action: stringOrNull(safe.suggested_action),
      retryAfterMs: retryAfter,
      unparsedBody: null,
    });
  }
  const text = body === undefined ? '' : typeof body === 'string' ? body : JSON.stringify(body);
  // Redact first, then cut: cutting first could leave the start of a secret that no longer matches.
  const unparsedBody = redactText(text, secrets).slice(0, UNPARSED_BODY_LIMIT);
  const contentType = headers.get('Content-Type') ?? 'no content type';
  const what =
    text === ''
      ? 'an empty body'
      : typeof body === 'string'
        ? `a body that is not JSON (${contentType})`
        : `JSON that is not an API error object (${contentType}${describeForeignJson(body, secrets)})`;
  return new SvcApiError({
    operation,
    status,
    error_type: errorTypeForStatus(status),
    error_code: UNEXPECTED_ERROR_BODY,
    error_message: `the server answered HTTP ${status} with ${what}`,
    display_message: null,
    request_id: null,
    causes: [],
    documentation_url: null,
    suggested_action: null,
    retryAfterMs: retryAfter,
    unparsedBody,
  });
}

/** Whether a value has the three string fields every API error object has. */
function isApiErrorObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return false;
  }
  const record = value as Record<string, unknown>;
  return (
    typeof record.error_type === 'string' &&
    typeof record.error_code === 'string' &&
    typeof record.error_message === 'string'
  );
}

/** Whether an entry of `causes` has the three string fields every cause has. */
function isCause(value: unknown): value is ErrorCause {
  return isApiErrorObject(value);
}

/** The `title` / `detail` / `message` of foreign JSON (problem+json, gateways), when it has them. */
function describeForeignJson(value: unknown, secrets: readonly string[]): string {
  if (value === null || typeof value !== 'object') {
    return '';
  }
  const record = value as Record<string, unknown>;
  const parts = [record.title, record.detail, record.message].filter(
    (part): part is string => typeof part === 'string' && part !== '',
  );
  return parts.length === 0 ? '' : `: ${redactText(parts.join(' — '), secrets).slice(0, FOREIGN_DETAIL_LIMIT)}`;
}

function stringOrNull(value: unknown): string | null {
  return typeof value === 'string' ? value : null;
}

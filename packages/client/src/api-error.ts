/**
 * Turns a non-2xx response into an {@link SvcApiError}, whatever its body: the API error object,
 * other JSON, text, or nothing.
 */
import { type ApiErrorInit, type ErrorType, SvcApiError } from './errors.js';
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
  /** The value to remove from everything the error keeps (the client secret). */
  secret: string;
}

type Json = Record<string, unknown>;

/** The string fields of an API error object; the client sets those the body lacks to null. */
const STRING_FIELDS = [
  'error_type',
  'error_code',
  'error_message',
  'display_message',
  'request_id',
  'documentation_url',
  'suggested_action',
] as const;

/**
 * The beginning of a body that is not what the API promises, as an error keeps it. Redacted
 * first, then cut: cutting first could leave the start of a secret that no longer matches.
 */
export function unparsedBody(text: string, secret: string): string {
  return redactText(text, secret).slice(0, UNPARSED_BODY_LIMIT);
}

/** Builds the error of a non-2xx response. */
export function toApiError({ operation, status, headers, body, secret }: ErrorResponse): SvcApiError {
  const known = isApiErrorObject(body);
  const safe = (known ? redactValue(body, secret) : {}) as Json;
  const init: Json = {
    operation,
    status,
    causes: Array.isArray(safe.causes) ? safe.causes.filter(isApiErrorObject) : [],
    retryAfterMs: retryAfterMs(headers.get('Retry-After')),
    unparsedBody: null,
  };
  for (const field of STRING_FIELDS) {
    init[field] = typeof safe[field] === 'string' ? safe[field] : null;
  }
  if (!known) {
    const text = typeof body === 'string' ? body : (JSON.stringify(body) ?? '');
    const contentType = headers.get('Content-Type') ?? 'no content type';
    // The `title` / `detail` / `message` of foreign JSON (problem+json, gateways), when it has them.
    const { title, detail, message } = (body ?? {}) as Json;
    const foreign = [title, detail, message].filter((part) => typeof part === 'string' && part).join(' — ');
    init.error_type = errorTypeForStatus(status);
    init.error_code = UNEXPECTED_ERROR_BODY;
    init.error_message = `the server answered HTTP ${status} with ${
      text === ''
        ? 'an empty body'
        : typeof body === 'string'
          ? `a body that is not JSON (${contentType})`
          : `JSON that is not an API error object (${contentType}${foreign && `: ${redactText(foreign, secret).slice(0, FOREIGN_DETAIL_LIMIT)}`})`
    }`;
    init.unparsedBody = unparsedBody(text, secret);
  }
  return new SvcApiError(init as unknown as ApiErrorInit);
}

/** Whether a value (an API error object or one of its `causes`) has the three string fields every one has. */
function isApiErrorObject(value: unknown): value is Json {
  return STRING_FIELDS.slice(0, 3).every((field) => typeof (value as Json | null)?.[field] === 'string');
}

/**
 * The API's error object (`ApiError` in the spec) and the helpers that build it, so that every
 * rejection at the edges of a server reads like the API's own errors.
 *
 * @see spec/components/schemas/ApiError.yaml and the "Errors" section of spec/openapi.yaml
 */
import { errorDocumentationUrl } from './documentation-url.js';
import { errorCatalogue } from './error-catalogue.js';
import { documentationUrl, type ErrorCode, type ErrorType } from './generated/error-catalogue.gen.js';
import { newRequestId } from './request-id.js';

export { documentationUrl, type ErrorCode, type ErrorType };

/** Where in a request a cause is (`ErrorCause.location` in the spec). */
export type CauseLocation = 'body' | 'header' | 'query' | 'path';

/**
 * One underlying error in `causes` (`ErrorCause` in the spec): type, code and message, plus what
 * it is about: `field` (a body field by its JSON path), `header` (a header by its name) and
 * `location` (where the problem is). A missing credential names both its field and its header,
 * either of which satisfies it, and no location.
 *
 * @see spec/components/schemas/ErrorCause.yaml
 */
export interface ApiErrorCause {
  error_type: ErrorType;
  error_code: ErrorCode;
  error_message: string;
  /** The body field the cause is about, by its JSON path (`options.count`, `recipients[0].name`). */
  field?: string;
  /** Where the problem is. */
  location?: CauseLocation;
  /** The request header the cause is about, by its canonical name (`SVC-Version`). */
  header?: string;
}

/** The body of every non-2xx response, with the API's snake_case wire names. */
export interface ApiError {
  error_type: ErrorType;
  error_code: ErrorCode;
  error_message: string;
  display_message: string | null;
  request_id: string;
  causes: ApiErrorCause[];
  status: number;
  documentation_url: string;
  suggested_action: string | null;
}

/** What a caller decides about an error; the rest of {@link ApiError} is derived. */
export interface ApiErrorInit {
  /** Default: the catalogue's status of the type and code (required for a code it does not list). */
  status?: number;
  errorType: ErrorType;
  errorCode: ErrorCode;
  message: string;
  /** Default: a new one from {@link newRequestId}. */
  requestId?: string;
  causes?: ApiErrorCause[];
  displayMessage?: string | null;
  /** Default (also for null): the catalogue's suggested action of the code, else null. */
  suggestedAction?: string | null;
}

/**
 * Builds a complete {@link ApiError}: `status` is the caller's, else the catalogue's for the type
 * and code; `documentation_url` always agrees with the code (and follows `setDocumentationBase`
 * when a server set one); `suggested_action` is the caller's, else the catalogue's for the type
 * and code, else null. Throws when neither the caller nor the catalogue gives a status (a server
 * bug).
 */
export function createApiError(init: ApiErrorInit): ApiError {
  const entry = errorCatalogue.find(init.errorType, init.errorCode);
  const status = init.status ?? entry?.status;
  if (status === undefined) {
    throw new Error(`${init.errorType} / ${init.errorCode} is not in the error catalogue: give its status`);
  }
  return {
    error_type: init.errorType,
    error_code: init.errorCode,
    error_message: init.message,
    display_message: init.displayMessage ?? null,
    request_id: init.requestId ?? newRequestId(),
    causes: init.causes ?? [],
    status,
    documentation_url: errorDocumentationUrl(init.errorType, init.errorCode),
    suggested_action: init.suggestedAction ?? entry?.suggestedAction ?? null,
  };
}

/** An {@link ApiError} with the response headers it needs (for example `Allow` on a 405). */
export interface ErrorResponse {
  error: ApiError;
  headers?: Record<string, string>;
}

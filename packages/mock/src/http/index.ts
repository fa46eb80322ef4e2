/**
 * @module @svc/mock/http
 * The edges every SVC API server shares, with no Prism inside: JSON body reading (415/413/400),
 * credentials in headers or body (401), the `ApiError` object, validation errors naming each
 * field, CORS, and routing (404/405). The mock uses them in front of Prism; a stateful sandbox
 * server imports them to behave the same at the edges.
 */
export { type AcceptedRequest, type AcceptRequestOptions, acceptRequest } from './accept-request.js';
export {
  type ApiError,
  type ApiErrorCause,
  type ApiErrorInit,
  createApiError,
  documentationUrl,
  ERROR_DOCS_BASE,
  type ErrorResponse,
  type ErrorType,
} from './api-error.js';
export {
  answerPreflight,
  applyCors,
  CORS_ALLOWED_HEADERS,
  CORS_ALLOWED_METHODS,
  CORS_EXPOSED_HEADERS,
  CORS_MAX_AGE_SECONDS,
  type CorsOptions,
  corsHeaders,
} from './cors.js';
export {
  CREDENTIALS,
  type CredentialSource,
  type CredentialSpec,
  type Credentials,
  type CredentialsResult,
  missingCredentialsError,
  readCredentials,
} from './credentials.js';
export {
  type BodyResult,
  DEFAULT_BODY_LIMIT_BYTES,
  hasBody,
  isJsonContentType,
  parseJsonObject,
  type ReadBodyOptions,
  readJsonObjectBody,
} from './read-body.js';
export { newRequestId, REQUEST_ID_LENGTH } from './request-id.js';
export {
  createRouteTable,
  type Route,
  type RouteMatch,
  type RouteTable,
  requestPath,
  routeError,
} from './routes.js';
export { JSON_CONTENT_TYPE, sendApiError, sendJson } from './send-json.js';
export {
  describeViolation,
  type FieldViolation,
  formatFieldPath,
  REDACTED_FIELDS,
  VALIDATION_ERROR_CODES,
  type ValidationErrorCode,
  type ViolationLocation,
  validationError,
  violationErrorCode,
  violationFieldName,
} from './validation-error.js';

/**
 * @module @svc/server-kit
 * The edges every SVC API server shares, with no Prism inside: JSON body reading (415/413/400)
 * within limits on nesting and size, requests Node's HTTP parser rejects (400/405/408/431),
 * credentials in headers or body (401), the `ApiError` object, request validation with Ajv and
 * validation errors naming each field, CORS, routing (404/405) and request ids. The mock uses
 * them in front of Prism's engine; the sandbox in front of its handlers, so both behave the same
 * at the edges. Both start through {@link listen} behind {@link createRequestCore} (`/healthz`,
 * `/openapi.json`, `/openapi.yaml`, one log entry per response), which {@link inject} calls
 * in-process.
 */

export { type AcceptedRequest, type AcceptRequestOptions, acceptRequest } from './accept-request.js';
export {
  type AccessPolicy,
  type AllowedOrigins,
  defaultAllowedHosts,
  FILE_PAGE_ORIGIN,
  hostName,
  isLoopbackHost,
  isOriginAllowed,
  LOCAL_ORIGINS,
  refusedAccess,
} from './access-policy.js';
export { ADMIN_KEY_REFUSAL, SANDBOX_ADMIN_KEY_VARIABLE } from './admin-key-refusal.js';
export {
  type ApiError,
  type ApiErrorCause,
  type ApiErrorInit,
  type CauseLocation,
  createApiError,
  documentationUrl,
  type ErrorCode,
  type ErrorResponse,
  type ErrorType,
} from './api-error.js';
export {
  clientErrorAnswer,
  clientErrorBody,
  connectError,
  expectationError,
  handleClientErrors,
  handleUnservedRequests,
} from './client-errors.js';
export {
  answerPreflight,
  applyCors,
  CORS_ALLOWED_HEADERS,
  CORS_ALLOWED_METHODS,
  CORS_EXPOSED_HEADERS,
  CORS_MAX_AGE_SECONDS,
  type CorsOptions,
  corsHeaders,
  STAND_IN_CORS_ALLOWED_HEADERS,
} from './cors.js';
export {
  CREDENTIALS,
  type CredentialSource,
  type CredentialSpec,
  type Credentials,
  type CredentialsResult,
  malformedCredentialFields,
  missingCredentialsError,
  readCredentials,
} from './credentials.js';
export {
  createDecimalPlacesCheck,
  DECIMAL_PLACES_KEYWORD,
  type DecimalPlacesCheck,
  hasAtMostDecimalPlaces,
} from './decimal-places-check.js';
export { ERROR_TYPE_ANCHOR, errorDocumentationUrl, setDocumentationBase } from './documentation-url.js';
export {
  type ErrorCatalogue,
  type ErrorCatalogueEntry,
  errorCatalogue,
} from './error-catalogue.js';
export {
  ERROR_TYPES,
  type ErrorCodesByType,
  type KnownErrorCode,
} from './generated/error-catalogue.gen.js';
export {
  type HarDocument,
  type HarEntry,
  type HarExchange,
  type HarHeader,
  type HarRequest,
  type HarResponse,
  harDocument,
  harEntry,
} from './har.js';
export {
  checkJsonLimits,
  DEFAULT_JSON_LIMITS,
  isStorableString,
  type JsonLimitProblem,
  type JsonLimits,
} from './json-limits.js';
export { describeJsonPosition, findJsonSyntaxError, type JsonSyntaxError } from './json-syntax.js';
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
  ajvDiagnostics,
  createRequestValidator,
  type RequestValidator,
  type RequestValidatorOptions,
  type ValidatedOperation,
} from './request-validator.js';
export {
  createRouteTable,
  type Route,
  type RouteMatch,
  type RouteTable,
  requestPath,
  routeError,
} from './routes.js';
export {
  type SchemaDiagnostic,
  schemaViolations,
  stripSubject,
  type ViolationContext,
} from './schema-violations.js';
export {
  bodyFacts,
  JSON_CONTENT_TYPE,
  type SentBodyFacts,
  sendApiError,
  sendJson,
  sendJsonText,
  sentBodyFacts,
} from './send-json.js';
export {
  drainDelayOption,
  listOption,
  logFormatOption,
  PORT_OPTION_VARIABLE,
  parseCommandLine,
  runCommand,
  stopOnSignal,
  UsageError,
} from './server/command-line.js';
export { type InjectedRequest, type InjectedResponse, inject } from './server/inject.js';
export { type ListeningServer, type ListenOptions, listen, portInUseMessage } from './server/listen.js';
export {
  chooseLogFormat,
  createLogger,
  LOG_FORMAT_VARIABLE,
  type LogEntry,
  type LogFormat,
  type Logger,
  type LoggerOptions,
  type LogLevel,
  type LogStream,
  REDACTED_LOG_FIELDS,
  silentLogger,
} from './server/log.js';
export { formatLogLine } from './server/pretty-log.js';
export {
  createReadiness,
  type Readiness,
  type ReadinessCheck,
  type ReadinessReport,
  STOPPING_CHECK,
} from './server/readiness.js';
export {
  CORE_PATHS,
  createRequestCore,
  type OpenApiDocument,
  type RequestCoreOptions,
  type RequestListener,
  requestLogFields,
} from './server/request-core.js';
export {
  describeViolation,
  type FieldViolation,
  formatFieldPath,
  isRedactedField,
  MAX_REPORTED_VIOLATIONS,
  REDACTED_FIELDS,
  VALIDATION_ERROR_CODES,
  type ValidationErrorCode,
  type ViolationLocation,
  validationError,
  violationCause,
  violationErrorCode,
  violationFieldName,
} from './validation-error.js';

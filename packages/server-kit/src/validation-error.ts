/**
 * Turns schema violations of a request into the API's 400 `INVALID_REQUEST` error: the
 * `error_code` says what kind of problem (`MISSING_FIELDS`, `UNKNOWN_FIELDS`, `INVALID_FIELD`,
 * `INVALID_HEADERS`), the `error_message` names every offending field by its JSON path
 * (`options.count`), and `causes` has one entry per violation. Independent of the validator:
 * Prism's diagnostics and Ajv's errors are both mapped to {@link FieldViolation}s first.
 */
import { type ApiError, type ApiErrorCause, createApiError } from './api-error.js';

/** Where in the request a violation is. */
export type ViolationLocation = 'body' | 'header' | 'query' | 'path';

/** One violated constraint, independent of the validator that found it. */
export interface FieldViolation {
  location: ViolationLocation;
  /**
   * Path to the offending value: body property names and array indexes, or `[headerName]`.
   * For `required`, `additionalProperties` and `unevaluatedProperties` it ends with the property
   * that is missing or not allowed.
   */
  path: readonly (string | number)[];
  /** The JSON Schema keyword that failed (`required`, `maximum`, `pattern`, …). */
  keyword: string;
  /** What is wrong, without the field name: `must be <= 25`. */
  message: string;
  /** The offending value, when there is one to show (never shown for secrets). */
  value?: unknown;
  /**
   * For a `required` violation that any one of several properties satisfies (`iban` or `bacs`):
   * their names; `path` is then the parent object's path.
   */
  alternatives?: readonly string[];
}

/** The `error_code`s of request validation, most important first. */
export const VALIDATION_ERROR_CODES = ['MISSING_FIELDS', 'UNKNOWN_FIELDS', 'INVALID_FIELD', 'INVALID_HEADERS'] as const;

/** One of {@link VALIDATION_ERROR_CODES}. */
export type ValidationErrorCode = (typeof VALIDATION_ERROR_CODES)[number];

/** Fields whose value never appears in an error message (see also {@link isRedactedField}). */
export const REDACTED_FIELDS: ReadonlySet<string> = new Set(['secret']);

/** Field and header names that hold a credential: a secret, a token (`access_token`), a password. */
const SECRET_NAME = /(^|[_-])(secret|token|password|api[_-]?key)s?$/i;

/**
 * Whether the value at `path` is a credential that no error may quote: its nearest field name
 * is in {@link REDACTED_FIELDS} or ends in `secret`, `token`, `password` or `api_key`
 * (`access_token`, `processor_token`, `access_tokens[0]`, the `SVC-SECRET` header).
 */
export function isRedactedField(path: readonly (string | number)[]): boolean {
  const name = path.findLast((segment): segment is string => typeof segment === 'string');
  return name !== undefined && (REDACTED_FIELDS.has(name) || SECRET_NAME.test(name));
}

const UNKNOWN_FIELD_KEYWORDS = new Set(['additionalProperties', 'unevaluatedProperties']);

/** Formats a path as the API names fields: `options.count`, `recipients[0].name`. */
export function formatFieldPath(path: readonly (string | number)[]): string {
  return path
    .map((segment, index) =>
      typeof segment === 'number' ? `[${segment}]` : index === 0 ? String(segment) : `.${String(segment)}`,
    )
    .join('');
}

/** The error code of one violation. */
export function violationErrorCode(violation: FieldViolation): ValidationErrorCode {
  if (violation.location === 'header') {
    return 'INVALID_HEADERS';
  }
  if (violation.keyword === 'required') {
    return 'MISSING_FIELDS';
  }
  if (UNKNOWN_FIELD_KEYWORDS.has(violation.keyword)) {
    return 'UNKNOWN_FIELDS';
  }
  return 'INVALID_FIELD';
}

/** The name a violation gives its field: the JSON path, `(body)` for the body itself, a header's name. */
export function violationFieldName(violation: FieldViolation): string {
  if (violation.location === 'header') {
    return `header ${String(violation.path[0] ?? '')}`;
  }
  if (violation.location !== 'body') {
    return `${violation.location} parameter ${formatFieldPath(violation.path)}`;
  }
  if (violation.alternatives && violation.alternatives.length > 0) {
    return violation.alternatives.map((name) => formatFieldPath([...violation.path, name])).join(' or ');
  }
  return violation.path.length === 0 ? '(body)' : formatFieldPath(violation.path);
}

/** One line for one violation: `options.count must be <= 25, got 50`. */
export function describeViolation(violation: FieldViolation): string {
  const name = violationFieldName(violation);
  switch (violationErrorCode(violation)) {
    case 'MISSING_FIELDS':
      return `${name} is required`;
    case 'UNKNOWN_FIELDS':
      return `${name} is not a field of this request`;
    default:
      return `${name} ${violation.message}${shownValue(violation)}`;
  }
}

/** The most violations an error lists in its message and `causes`; the rest are counted. */
export const MAX_REPORTED_VIOLATIONS = 100;

/**
 * The 400 `INVALID_REQUEST` error of `violations` (at least one). The `error_code` is the most
 * important kind present (missing, then unknown, then invalid fields, then headers); the message
 * lists the violations grouped by kind; `causes` holds one entry per violation with its own code
 * and what it is about (`field` and `location`, or `header` and `location`).
 *
 * At most {@link MAX_REPORTED_VIOLATIONS} violations are listed (the most important kinds first),
 * and the message counts the others: building the error takes time linear in the number of
 * violations, so a body with thousands of bad fields cannot stall the server.
 */
export function validationError(violations: readonly FieldViolation[], requestId?: string): ApiError {
  if (violations.length === 0) {
    throw new Error('validationError needs at least one violation');
  }
  const byCode = groupByCode(violations);
  const codes = VALIDATION_ERROR_CODES.filter((code) => byCode.has(code));
  const reported = violations.length <= MAX_REPORTED_VIOLATIONS ? violations : mostImportant(codes, byCode);
  const reportedByCode = reported === violations ? byCode : groupByCode(reported);
  const parts = codes.flatMap((code) => {
    const group = reportedByCode.get(code);
    return group ? [summarize(code, group)] : [];
  });
  const unreported = violations.length - reported.length;
  if (unreported > 0) {
    parts.push(`${unreported} more problems are not listed (${violations.length} in all)`);
  }
  return createApiError({
    errorType: 'INVALID_REQUEST',
    errorCode: codes[0] ?? 'INVALID_FIELD',
    message: parts.join('; '),
    requestId,
    causes: reported.map(violationCause),
    suggestedAction: 'Correct the fields named in error_message (one entry per problem in causes) and retry.',
  });
}

/** The `causes` entry of one violation: body fields by JSON path, headers by name. */
export function violationCause(violation: FieldViolation): ApiErrorCause {
  const cause: ApiErrorCause = {
    error_type: 'INVALID_REQUEST',
    error_code: violationErrorCode(violation),
    error_message: describeViolation(violation),
  };
  if (violation.location === 'header') {
    cause.header = String(violation.path[0] ?? '');
  } else if (violation.path.length > 0 || (violation.alternatives?.length ?? 0) > 0) {
    cause.field = violation.location === 'body' ? violationFieldName(violation) : formatFieldPath(violation.path);
  }
  cause.location = violation.location;
  return cause;
}

/** The first {@link MAX_REPORTED_VIOLATIONS} violations, most important kind first. */
function mostImportant(
  codes: readonly ValidationErrorCode[],
  byCode: ReadonlyMap<ValidationErrorCode, FieldViolation[]>,
): FieldViolation[] {
  const picked: FieldViolation[] = [];
  for (const code of codes) {
    for (const violation of byCode.get(code) ?? []) {
      if (picked.length === MAX_REPORTED_VIOLATIONS) {
        return picked;
      }
      picked.push(violation);
    }
  }
  return picked;
}

function groupByCode(violations: readonly FieldViolation[]): Map<ValidationErrorCode, FieldViolation[]> {
  const groups = new Map<ValidationErrorCode, FieldViolation[]>();
  for (const violation of violations) {
    const code = violationErrorCode(violation);
    const group = groups.get(code);
    if (group) {
      group.push(violation);
    } else {
      groups.set(code, [violation]);
    }
  }
  return groups;
}

function summarize(code: ValidationErrorCode, violations: readonly FieldViolation[]): string {
  const names = [...new Set(violations.map(violationFieldName))];
  switch (code) {
    case 'MISSING_FIELDS':
      return `the following required fields are missing: ${names.join(', ')}`;
    case 'UNKNOWN_FIELDS':
      return `the following fields are not defined for this operation: ${names.join(', ')}`;
    default:
      return violations.map(describeViolation).join('; ');
  }
}

function shownValue(violation: FieldViolation): string {
  if (!('value' in violation) || violation.value === undefined) {
    return '';
  }
  if (isRedactedField(violation.path)) {
    return '';
  }
  const json = JSON.stringify(violation.value);
  return `, got ${json.length > 60 ? `${json.slice(0, 57)}...` : json}`;
}

/**
 * A business error raised by a handler: the catalogue's `error_type` and `error_code` with a
 * message naming what was wrong. The listener turns it into the API's `ApiError` with the status
 * the catalogue gives the code.
 */
import type { ApiErrorCause, ErrorCode, ErrorType } from '@svc/server-kit';

/** What a handler says about an error. */
export interface SandboxErrorInit {
  type: ErrorType;
  code: ErrorCode;
  message: string;
  displayMessage?: string | null;
  /** Default: the catalogue's suggested action of the code. */
  suggestedAction?: string | null;
  causes?: ApiErrorCause[];
  /** Extra response headers (for example `Retry-After`). */
  headers?: Record<string, string>;
}

/** Thrown by handlers and domain code; answered as an `ApiError`. */
export class SandboxError extends Error {
  readonly init: SandboxErrorInit;

  constructor(init: SandboxErrorInit) {
    super(init.message);
    this.name = 'SandboxError';
    this.init = init;
  }
}

/** An `INVALID_INPUT` error (unknown tokens and ids, ineligible accounts, …). */
export function invalidInput(code: ErrorCode, message: string, suggestedAction?: string): SandboxError {
  return new SandboxError({ type: 'INVALID_INPUT', code, message, suggestedAction: suggestedAction ?? null });
}

/**
 * An `INVALID_REQUEST` / `INVALID_FIELD` error for a rule the schema cannot express (a date
 * after another, a URL the sandbox refuses to call), naming the field in `causes` as request
 * validation does.
 */
export function invalidField(field: string, message: string): SandboxError {
  return new SandboxError({
    type: 'INVALID_REQUEST',
    code: 'INVALID_FIELD',
    message: `${field} ${message}`,
    causes: [
      {
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_FIELD',
        error_message: `${field} ${message}`,
        field,
        location: 'body',
      },
    ],
    suggestedAction: 'Correct the field named in error_message and retry.',
  });
}

/**
 * The errors of connected applications, each worded in one place: an unknown application, a
 * client that is not a financial institution, and a refused scopes replacement (scopes.ts words
 * the problem; this turns it into the API's error).
 */
import { invalidField, invalidInput, type SandboxError } from '../../engine/index.js';
import type { ScopesProblem } from './scopes.js';

/** A refusal of an application operation. */
export type ApplicationRefusal =
  | { code: 'INVALID_APPLICATION_ID'; applicationId: string }
  | { code: 'PRODUCT_NOT_ENABLED' }
  | { code: 'SCOPES'; problem: ScopesProblem };

/** The error answering `refusal`. */
export function applicationRefusalError(refusal: ApplicationRefusal): SandboxError {
  switch (refusal.code) {
    case 'INVALID_APPLICATION_ID':
      return invalidInput(
        refusal.code,
        `application_id ${refusal.applicationId} does not name an application connected to this item or known to the service`,
        'Use an application_id returned by /item/application/list.',
      );
    case 'PRODUCT_NOT_ENABLED':
      return invalidInput(
        refusal.code,
        'your client account is not enabled for /application/get: it is available to financial institutions only',
        'Contact support to be set up as a financial institution.',
      );
    case 'SCOPES': {
      const { problem } = refusal;
      return problem.code === 'INVALID_FIELD'
        ? invalidField(problem.field, problem.message)
        : invalidInput(problem.code, problem.message);
    }
  }
}

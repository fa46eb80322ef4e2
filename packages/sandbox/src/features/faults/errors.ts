/** The errors of faults, each worded in one place. */
import { HEADER_NAMES } from '@svc/spec/headers';
import { SandboxError } from '../../engine/index.js';

const FAULT_HEADER = HEADER_NAMES.sandboxFault;

/** A malformed `SVC-Sandbox-Fault` header, `reason` saying what is wrong (for example "repeats latency; ..."). */
export function faultHeaderError(reason: string): SandboxError {
  const message = `the ${FAULT_HEADER} header ${reason}`;
  return new SandboxError({
    type: 'INVALID_REQUEST',
    code: 'INVALID_HEADERS',
    message,
    causes: [
      {
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_HEADERS',
        error_message: message,
        header: FAULT_HEADER,
        location: 'header',
      },
    ],
    suggestedAction: `Correct the ${FAULT_HEADER} header (for example latency=800ms, error=RATE_LIMIT_EXCEEDED, drop=after_commit, slow_body=2s) or leave it out.`,
  });
}

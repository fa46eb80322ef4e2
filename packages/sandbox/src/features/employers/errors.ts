/** The error of employer search, worded in one place. */
import { invalidField, type SandboxError } from '../../engine/index.js';

/** `INVALID_FIELD`: the query has no word to search for. */
export function blankQuery(): SandboxError {
  return invalidField('query', 'must contain at least one character that is not a space');
}

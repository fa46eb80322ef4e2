/**
 * The error about institutions, worded in one place for every operation that names one (by
 * `institution_id` or by a routing number).
 */
import { invalidInput, type SandboxError } from '../../engine/index.js';

/** `INVALID_INSTITUTION`: `field` (`institution_id` or `routing_number`) names no sandbox institution. */
export function invalidInstitution(field: 'institution_id' | 'routing_number', value: string): SandboxError {
  const what = field === 'institution_id' ? 'id' : 'routing number';
  return invalidInput(
    'INVALID_INSTITUTION',
    `${field} ${value} is not the ${what} of a sandbox institution`,
    'Find sandbox institutions with /institutions/search: ins_109508 (First Gingham Bank, routing number 011401533) supports every product.',
  );
}

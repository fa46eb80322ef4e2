/** The errors of the processor and partner operations, each worded in one place: a refusal of the rules (rules.ts) as the API's error. */
import { invalidInput, SandboxError } from '../../engine/index.js';
import { accountNotSupported } from '../items/index.js';
import type { ProcessorRefusal } from './rules.js';

/** The error answering `refusal`. */
export function processorRefusalError(refusal: ProcessorRefusal): SandboxError {
  switch (refusal.code) {
    case 'ACCOUNT_NOT_SUPPORTED':
      return accountNotSupported(
        refusal.namedBy === 'account_id'
          ? `account_id ${refusal.account.account_id}`
          : 'the account behind processor_token',
        refusal.account,
        refusal.use,
      );
    case 'INVALID_PROCESSOR':
      return invalidInput(
        refusal.code,
        `processor ${refusal.processor} is not a supported integration partner`,
        "Check the spelling of the partner identifier in the partner's integration guide; the sandbox README lists the identifiers the sandbox accepts.",
      );
    case 'LAST_UPDATED_DATETIME_OUT_OF_RANGE':
      return new SandboxError({
        type: 'INSTITUTION_ERROR',
        code: refusal.code,
        message: `the institution last updated this balance at ${refusal.refreshedAt}, before options.min_last_updated_datetime ${refusal.minimum}`,
        suggestedAction: 'Retry later or accept an older balance by moving options.min_last_updated_datetime back.',
      });
  }
}

/**
 * How the sandbox and the mock word a refused admin key (401 `INVALID_INPUT` /
 * `INVALID_ADMIN_KEY`): one text for both, so the mock answers the admin operations' refusal as
 * the sandbox does.
 */
import { HEADER_NAMES } from './generated/headers.gen.js';

/** The environment variable the sandbox's admin key may come from. */
export const SANDBOX_ADMIN_KEY_VARIABLE = 'SVC_SANDBOX_ADMIN_KEY';

/** The message and suggested action of a missing or wrong admin key. */
export const ADMIN_KEY_REFUSAL = {
  message: `the ${HEADER_NAMES.sandboxAdminKey} header is missing or is not this sandbox's admin key`,
  suggestedAction: `Send the admin key the sandbox printed at start (or was given with --admin-key or ${SANDBOX_ADMIN_KEY_VARIABLE}) as the ${HEADER_NAMES.sandboxAdminKey} header; a client's credentials do not work here.`,
} as const;

/** The API's error object for a {@link SandboxError}: its catalogue entry's status, the handler's words. */
import { type ApiError, createApiError, type ErrorCatalogue } from '@svc/server-kit';
import type { SandboxError } from './sandbox-error.js';

/** The error object answering `error` on request `requestId`. */
export function apiErrorOf(error: SandboxError, catalogue: ErrorCatalogue, requestId: string): ApiError {
  const { init } = error;
  const entry = catalogue.get(init.type, init.code);
  return createApiError({
    status: entry.status,
    errorType: init.type,
    errorCode: init.code,
    message: init.message,
    requestId,
    causes: init.causes,
    displayMessage: init.displayMessage ?? null,
    // Without one from the handler, createApiError takes the catalogue's.
    suggestedAction: init.suggestedAction,
  });
}

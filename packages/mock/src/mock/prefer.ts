/**
 * The `Prefer` request header of the mock: `code=<status>`, `example=<name>` and
 * `dynamic=true|false`, in one header or several, separated by `,` or `;`. Unknown preferences
 * are ignored (RFC 7240); a status or example the operation does not declare is a 400
 * `INVALID_HEADERS` that lists what it does declare.
 */
import { createApiError, type ErrorResponse } from '@svc/server-kit';
import type { ResponseChoice } from '../prism/prism-engine.js';
import type { ResponseExamples } from '../prism/response-catalogue.js';

/** The preferences a client expressed. */
export interface MockPreferences {
  code?: number;
  example?: string;
  dynamic?: boolean;
}

/** What the mocker will do: which status and example, static or generated (the engine's {@link ResponseChoice}). */
export type MockChoice = ResponseChoice;

/** A result, or a problem to report as `INVALID_HEADERS`. */
export type PreferResult<T> = { ok: true; value: T } | { ok: false; problem: string };

/** Parses the `Prefer` header(s) of a request. */
export function parsePrefer(header: string | string[] | undefined): PreferResult<MockPreferences> {
  if (header === undefined) {
    return { ok: true, value: {} };
  }
  const text = Array.isArray(header) ? header.join(', ') : (header ?? '');
  const preferences: MockPreferences = {};
  for (const token of text.split(/[,;]/)) {
    const [rawName = '', ...rest] = token.split('=');
    const name = rawName.trim().toLowerCase();
    const value = rest
      .join('=')
      .trim()
      .replace(/^"(.*)"$/, '$1');
    if (name === 'code') {
      if (!/^[1-5]\d\d$/.test(value)) {
        return { ok: false, problem: `Prefer code must be an HTTP status such as 400, not "${value}"` };
      }
      preferences.code = Number(value);
    } else if (name === 'example') {
      if (value === '') {
        return { ok: false, problem: 'Prefer example needs a name, for example example=missingFields' };
      }
      preferences.example = value;
    } else if (name === 'dynamic') {
      if (value !== 'true' && value !== 'false') {
        return { ok: false, problem: `Prefer dynamic must be true or false, not "${value}"` };
      }
      preferences.dynamic = value === 'true';
    }
  }
  return { ok: true, value: preferences };
}

/**
 * Checks the preferences against what `operationId` declares and decides the mocker's choice.
 * `example` alone selects the status that holds that example (the 200 first); `code` alone
 * selects the first example of that status.
 */
export function resolvePreferences(
  preferences: MockPreferences,
  catalogue: readonly ResponseExamples[],
  operationId: string,
  dynamicByDefault: boolean,
): PreferResult<MockChoice> {
  const dynamic = preferences.dynamic ?? dynamicByDefault;
  const { code, example } = preferences;
  if (code !== undefined && !catalogue.some((entry) => entry.status === String(code))) {
    return {
      ok: false,
      problem: `Prefer code=${code}: ${operationId} declares no ${code} response; it declares ${catalogue.map((entry) => entry.status).join(', ')}`,
    };
  }
  if (example === undefined) {
    return { ok: true, value: code === undefined ? { dynamic } : { dynamic, code } };
  }
  const holders = catalogue.filter(
    (entry) => entry.examples.includes(example) && (code === undefined || entry.status === String(code)),
  );
  const holder = holders.find((entry) => entry.status === '200') ?? holders[0];
  if (!holder) {
    const available = catalogue.flatMap((entry) => entry.examples.map((name) => `${name} (${entry.status})`));
    const where = code === undefined ? operationId : `the ${code} response of ${operationId}`;
    return {
      ok: false,
      problem: `Prefer example=${example}: ${where} has no such example; choose one of ${available.join(', ')}`,
    };
  }
  return { ok: true, value: { dynamic, code: Number(holder.status), exampleKey: example } };
}

/** The 400 `INVALID_HEADERS` error for a `Prefer` problem. */
export function preferError(problem: string, requestId?: string): ErrorResponse {
  return {
    error: createApiError({
      errorType: 'INVALID_REQUEST',
      errorCode: 'INVALID_HEADERS',
      message: problem,
      requestId,
      causes: [
        {
          error_type: 'INVALID_REQUEST',
          error_code: 'INVALID_HEADERS',
          error_message: problem,
          header: 'Prefer',
          location: 'header',
        },
      ],
      suggestedAction: 'Use a status and an example name from the table in @svc/mock src/generated/responses.md.',
    }),
  };
}

import { inspect } from 'node:util';
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest';
import {
  createClient,
  type ErrorType,
  hasErrorCode,
  isApiError,
  isSvcError,
  type KnownErrorCode,
  SvcApiError,
  SvcInvalidResponseError,
  SvcNetworkError,
  SvcTimeoutError,
} from '../src/index.js';
import { apiErrorBody, fetchFailed, json, type Step, scriptedFetch, settle } from './helpers/fake-fetch.js';

const clientId = '62b4f1c9a7d3e5001a2b3c4d';
const secret = '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e';
const baseUrl = 'http://127.0.0.1:1';

/** Calls a read once (no retries) against one scripted answer and returns what it threw. */
async function thrownBy(step: Step, options: { credentials?: 'headers' | 'body'; timeoutMs?: number } = {}) {
  const { fetch } = scriptedFetch(step);
  const client = createClient({ clientId, secret, baseUrl, fetch, maxRetries: 0, ...options });
  const { error } = await settle(client.transferGet({ transfer_id: 't1' }));
  if (!error) {
    throw new Error('expected the call to fail');
  }
  return error;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('non-2xx responses become SvcApiError', () => {
  it('carries every field of the API error object', async () => {
    const body = {
      ...apiErrorBody(400, 'TRANSFER_ERROR', 'TRANSFER_NOT_CANCELLABLE', 'transfer_id names a settled transfer'),
      display_message: 'This transfer can no longer be cancelled.',
      causes: [{ error_type: 'TRANSFER_ERROR', error_code: 'X', error_message: 'y' }],
      suggested_action: 'Check the status with /transfer/get.',
    };
    const error = await thrownBy(json(400, body));
    expect(error).toBeInstanceOf(SvcApiError);
    expect(error).toMatchObject({
      kind: 'api',
      operation: '/transfer/get',
      status: 400,
      error_type: 'TRANSFER_ERROR',
      error_code: 'TRANSFER_NOT_CANCELLABLE',
      error_message: 'transfer_id names a settled transfer',
      display_message: 'This transfer can no longer be cancelled.',
      request_id: 'Zx9Qm2Lp4Rt8Wv1',
      causes: body.causes,
      documentation_url: body.documentation_url,
      suggested_action: 'Check the status with /transfer/get.',
      retryAfterMs: null,
      unparsedBody: null,
    });
    expect((error as Error).message).toBe(
      'TRANSFER_ERROR TRANSFER_NOT_CANCELLABLE: transfer_id names a settled transfer (HTTP 400 from POST /transfer/get, request_id Zx9Qm2Lp4Rt8Wv1)',
    );
  });

  it('reads Retry-After onto the error', async () => {
    const error = await thrownBy(
      json(429, apiErrorBody(429, 'RATE_LIMIT_EXCEEDED', 'RATE_LIMIT'), { 'Retry-After': '2' }),
    );
    expect(error).toMatchObject({ status: 429, error_type: 'RATE_LIMIT_EXCEEDED', retryAfterMs: 2000 });
  });

  it.each([
    [
      'an HTML page from a proxy',
      new Response('<html><body>502 Bad Gateway</body></html>', {
        status: 502,
        headers: { 'Content-Type': 'text/html' },
      }),
      {
        status: 502,
        error_type: 'API_ERROR',
        error_message: 'the server answered HTTP 502 with a body that is not JSON (text/html)',
        unparsedBody: '<html><body>502 Bad Gateway</body></html>',
      },
    ],
    [
      'problem+json (an unknown path on the mock)',
      json(404, {
        type: 'https://stoplight.io/prism/errors#NO_PATH_MATCHED_ERROR',
        title: 'Route not resolved',
        detail: 'no path matched',
      }),
      {
        status: 404,
        error_type: 'INVALID_REQUEST',
        error_message:
          'the server answered HTTP 404 with JSON that is not an API error object (application/json: Route not resolved — no path matched)',
      },
    ],
    [
      'an empty body',
      new Response(null, { status: 503 }),
      {
        status: 503,
        error_type: 'API_ERROR',
        error_message: 'the server answered HTTP 503 with an empty body',
        unparsedBody: '',
      },
    ],
    [
      'truncated JSON',
      new Response('{"error_type":"ITEM_ERR', { status: 400, headers: { 'Content-Type': 'application/json' } }),
      { status: 400, error_type: 'INVALID_REQUEST', unparsedBody: '{"error_type":"ITEM_ERR' },
    ],
    [
      'JSON that is not an object',
      json(401, ['unauthorized']),
      { status: 401, error_type: 'INVALID_INPUT', unparsedBody: '["unauthorized"]' },
    ],
    [
      'a 429 without a body',
      new Response('', { status: 429, headers: { 'Retry-After': '1' } }),
      { status: 429, error_type: 'RATE_LIMIT_EXCEEDED', retryAfterMs: 1000 },
    ],
  ])('still gives a clear typed error for %s', async (_name, response, want) => {
    const error = await thrownBy(response);
    expect(error).toBeInstanceOf(SvcApiError);
    expect(error).toMatchObject({
      kind: 'api',
      error_code: 'UNEXPECTED_ERROR_BODY',
      request_id: null,
      operation: '/transfer/get',
      ...want,
    });
  });

  it('keeps only the beginning of a long unexpected body', async () => {
    const error = await thrownBy(new Response('x'.repeat(10_000), { status: 500 }));
    expect((error as SvcApiError).unparsedBody).toHaveLength(500);
  });

  it('types causes and keeps only entries with their type, code and message', async () => {
    const cause = {
      error_type: 'INVALID_REQUEST',
      error_code: 'INVALID_FIELD',
      error_message: 'options.count must be <= 25, got 50',
      field: 'options.count',
      location: 'body',
    } as const;
    const error = await thrownBy(
      json(400, {
        ...apiErrorBody(400, 'INVALID_REQUEST', 'INVALID_FIELD'),
        causes: [cause, 'junk', { error_code: 'X' }],
      }),
    );
    expect((error as SvcApiError).causes).toEqual([cause]);
    expectTypeOf((error as SvcApiError).causes[0]?.field).toEqualTypeOf<string | undefined>();
    expectTypeOf((error as SvcApiError).causes[0]?.location).toEqualTypeOf<
      'body' | 'header' | 'query' | 'path' | undefined
    >();
  });
});

describe('other error kinds', () => {
  it.each([
    ['a network failure', fetchFailed('ECONNRESET'), SvcNetworkError, 'network'],
    ['a timeout', 'hang' as const, SvcTimeoutError, 'timeout'],
    [
      'a 2xx that is not JSON',
      new Response('OK', { status: 200, headers: { 'Content-Type': 'text/plain' } }),
      SvcInvalidResponseError,
      'invalid_response',
    ],
    ['a 2xx without a body', new Response(null, { status: 204 }), SvcInvalidResponseError, 'invalid_response'],
  ])('%s is a distinct kind', async (_name, step, errorClass, kind) => {
    const error = await thrownBy(step, { timeoutMs: 1000 });
    expect(error).toBeInstanceOf(errorClass);
    expect(isSvcError(error, kind as 'network')).toBe(true);
    expect(isApiError(error)).toBe(false);
  });
});

describe('isApiError', () => {
  it('discriminates by error_type and narrows the type', async () => {
    const error: unknown = await thrownBy(json(400, apiErrorBody(400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED')));
    expect(isApiError(error)).toBe(true);
    expect(isApiError(error, 'ITEM_ERROR')).toBe(true);
    expect(isApiError(error, 'INVALID_REQUEST', 'ITEM_ERROR')).toBe(true);
    expect(isApiError(error, 'INVALID_REQUEST')).toBe(false);
    expect(isApiError(new Error('plain'))).toBe(false);
    if (isApiError(error, 'ITEM_ERROR', 'INSTITUTION_ERROR')) {
      expectTypeOf(error.error_type).toEqualTypeOf<'ITEM_ERROR' | 'INSTITUTION_ERROR'>();
    }
    if (isApiError(error)) {
      expectTypeOf(error.error_type).toEqualTypeOf<ErrorType>();
      expectTypeOf(error.status).toEqualTypeOf<number>();
    }
    if (isSvcError(error, 'timeout')) {
      expectTypeOf(error).toEqualTypeOf<SvcTimeoutError>();
    }
  });
});

describe('hasErrorCode', () => {
  it.each<[string, [KnownErrorCode, ...KnownErrorCode[]], boolean]>([
    ['the code', ['ITEM_LOGIN_REQUIRED'], true],
    ['one of the codes', ['INVALID_FIELD', 'ITEM_LOGIN_REQUIRED'], true],
    ['another code', ['INVALID_FIELD'], false],
  ])('matches %s', async (_name, codes, want) => {
    const error: unknown = await thrownBy(json(400, apiErrorBody(400, 'ITEM_ERROR', 'ITEM_LOGIN_REQUIRED')));
    expect(hasErrorCode(error, ...codes)).toBe(want);
  });

  it('is false for other errors, and narrows error_code and error_type', async () => {
    expect(hasErrorCode(new Error('ITEM_LOGIN_REQUIRED'), 'ITEM_LOGIN_REQUIRED')).toBe(false);
    expect(hasErrorCode({ error_code: 'ITEM_LOGIN_REQUIRED' }, 'ITEM_LOGIN_REQUIRED')).toBe(false);
    const error: unknown = await thrownBy(json(400, apiErrorBody(400, 'ITEM_ERROR', 'PRODUCT_NOT_READY')));
    expect(hasErrorCode(error, 'PRODUCT_NOT_READY')).toBe(true);
    if (hasErrorCode(error, 'PRODUCT_NOT_READY', 'INVALID_FIELD')) {
      expectTypeOf(error.error_code).toEqualTypeOf<'PRODUCT_NOT_READY' | 'INVALID_FIELD'>();
      expectTypeOf(error.error_type).toEqualTypeOf<'ITEM_ERROR' | 'ASSET_REPORT_ERROR' | 'INVALID_REQUEST'>();
    }
  });
});

describe('secrets never appear in an error', () => {
  /** Every way an error can be shown: message, stack, JSON, util.inspect (with causes). */
  function renderings(error: unknown): string[] {
    const asError = error as Error;
    return [
      asError.message,
      String(asError.stack),
      JSON.stringify(error),
      inspect(error, { depth: 10, showHidden: true }),
      String(error),
    ];
  }

  const echoed = `secret ${secret} is not valid for client ${clientId}`;
  it.each<[string, Step]>([
    ['an API error that echoes it', json(401, apiErrorBody(401, 'INVALID_INPUT', 'INVALID_API_KEYS', echoed))],
    [
      'an API error that echoes it in causes and display_message',
      json(400, {
        ...apiErrorBody(400, 'INVALID_REQUEST', 'INVALID_FIELD'),
        display_message: echoed,
        causes: [
          { error_type: 'INVALID_REQUEST', error_code: 'INVALID_FIELD', error_message: echoed, [secret]: secret },
        ],
      }),
    ],
    ['a non-JSON body that echoes it', new Response(`bad secret ${secret}`, { status: 500 })],
    ['foreign JSON that echoes it', json(404, { title: 'nope', detail: `secret=${secret}` })],
    ['a network error whose message has it', fetchFailed('ECONNRESET', `socket closed, header SVC-SECRET: ${secret}`)],
    ['a network error that is not an Error', (() => Promise.reject(`rejected with ${secret}`)) as unknown as Step],
    ['a timeout', 'hang'],
    ['a 2xx body that is not JSON and echoes it', new Response(`ok ${secret}`, { status: 200 })],
  ])('%s (credentials in headers and in the body)', async (_name, step) => {
    for (const credentials of ['headers', 'body'] as const) {
      const error = await thrownBy(step, { credentials, timeoutMs: 1000 });
      expect(isSvcError(error)).toBe(true);
      for (const text of renderings(error)) {
        expect(text).not.toContain(secret);
      }
    }
  });

  // Issue 13: the text was cut before it was redacted, so a secret straddling the cut showed most
  // of its characters. Every offset around each cut: the 500 characters kept of a body that is not
  // an API error (non-2xx and 2xx) and the 200 characters of foreign JSON quoted in the message.
  describe.each([
    ['the unparsed body of a non-2xx', 500, (text: string) => new Response(text, { status: 502 })],
    ['the unparsed body of a 2xx that is not JSON', 500, (text: string) => new Response(text, { status: 200 })],
    ['the detail of foreign JSON', 200, (text: string) => json(404, { title: '', detail: text })],
  ] as const)('%s, cut at %i characters', (_name, cut, answer) => {
    it('shows no part of a secret that straddles the cut, at any offset', async () => {
      for (let start = cut - secret.length - 1; start <= cut + 1; start++) {
        const text = `${'x'.repeat(start)}${secret}${'y'.repeat(600)}`;
        const error = await thrownBy(answer(text));
        for (const rendering of renderings(error)) {
          for (let from = 0; from + 4 <= secret.length; from++) {
            expect(rendering, `secret at offset ${start}`).not.toContain(secret.slice(from, from + 4));
          }
        }
      }
    });
  });

  it('replaces it with [REDACTED] where it was', async () => {
    const error = await thrownBy(json(401, apiErrorBody(401, 'INVALID_INPUT', 'INVALID_API_KEYS', echoed)));
    expect((error as SvcApiError).error_message).toBe(`secret [REDACTED] is not valid for client ${clientId}`);
  });
});

import { readFileSync } from 'node:fs';
import {
  createDocumentValidator,
  jsonContent,
  listOperations,
  namedExamples,
  type OpenApiDocument,
  requestExamples,
  responseSchemaPointer,
} from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { HEADER_NAMES } from '@svc/spec/headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RunningMock, startMock } from '../src/index.js';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const validator = createDocumentValidator(document);
const operations = listOperations(document);
const API_ERROR = '#/components/schemas/ApiError';

const clientId = '62b4f1c9a7d3e5001a2b3c4d';
const secret = '7d3c1f0e9b8a4c2d6e5f4a3b2c1d0e';
const credentials = { 'SVC-CLIENT-ID': clientId, 'SVC-SECRET': secret };
const accessToken = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';
const recipientId = 'recipient-id-sandbox-9b6b4679-914b-445b-9450-efbdb80296f6';
const payment = { recipient_id: recipientId, reference: 'TestPayment', amount: { currency: 'GBP', value: 100 } };

let mock: RunningMock;

beforeAll(async () => {
  mock = await startMock({ port: 0 });
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

interface Reply {
  status: number;
  headers: Headers;
  body: Record<string, unknown>;
}

/**
 * Sends a request with a short client-side timeout, so that a server that hangs fails the test
 * within seconds instead of stalling the suite.
 */
async function send(path: string, init: RequestInit & { json?: unknown } = {}): Promise<Reply> {
  const { json, ...rest } = init;
  const response = await fetch(`${mock.url}${path}`, {
    method: 'POST',
    ...rest,
    headers: { 'Content-Type': 'application/json', ...credentials, ...(rest.headers as Record<string, string>) },
    ...(json === undefined ? {} : { body: JSON.stringify(json) }),
    signal: AbortSignal.timeout(5000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : {} };
}

/** Asserts that `reply` carries a schema-valid ApiError with `status` and `code`; returns the error. */
function expectApiError(reply: Reply, status: number, code: string) {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  expect(reply.headers.get('content-type')).toBe('application/json');
  expect(validator.validate(API_ERROR, reply.body).errors).toEqual([]);
  expect(reply.body).toMatchObject({ error_code: code, status });
  return reply.body as { error_message: string; causes: { field?: string; error_code: string }[]; request_id: string };
}

describe('startMock', () => {
  it('listens on 127.0.0.1 on the port the OS picked and serves every operation', () => {
    expect(mock.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(mock.url).toBe(`http://127.0.0.1:${mock.port}`);
    expect(mock.operationCount).toBe(operations.length);
    expect(mock.prismHttpVersion).toBe('5.16.0');
  });

  it('stops cleanly, closing kept-alive connections', async () => {
    const second = await startMock({ port: 0 });
    expect((await fetch(`${second.url}/item/remove`, { method: 'POST' })).status).toBe(400);
    await second.stop();
    await expect(fetch(`${second.url}/item/remove`, { method: 'POST' })).rejects.toThrow();
  }, 60_000);

  it('reports a port in use clearly', async () => {
    await expect(startMock({ port: mock.port })).rejects.toThrow(/already in use/);
  }, 60_000);
});

describe('every operation answers its example requests with a schema-valid 200', () => {
  const cases = operations.flatMap((entry) =>
    requestExamples(document, entry).map((example) => ({
      entry,
      example,
      name: `${entry.operationId} ${example.name}`,
    })),
  );

  it('has cases for every operation', () => {
    expect(new Set(cases.map((item) => item.entry.operationId)).size).toBe(operations.length);
  });

  it.each(cases)('$name', async ({ entry, example }) => {
    // Client credentials and an admin key: each operation reads those of its own security.
    const reply = await send(entry.path, {
      json: example.value,
      headers: { [HEADER_NAMES.sandboxAdminKey]: 'sbxadm_any' },
    });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
    expect(validator.validate(responseSchemaPointer(document, entry, '200'), reply.body).errors).toEqual([]);
  });
});

describe('request validation: each kind of constraint gets a 400 naming the field', () => {
  it.each([
    ['missing required field', '/item/remove', {}, 'MISSING_FIELDS', 'access_token'],
    ['unknown field', '/item/remove', { access_token: accessToken, unexpected: 1 }, 'UNKNOWN_FIELDS', 'unexpected'],
    [
      'unknown field in a nested closed object (unevaluatedProperties)',
      '/payment_initiation/payment/create',
      { ...payment, amount: { currency: 'GBP', value: 1, note: 'x' } },
      'UNKNOWN_FIELDS',
      'amount.note',
    ],
    ['wrong type', '/item/remove', { access_token: 42 }, 'INVALID_FIELD', 'access_token'],
    [
      'below minLength',
      '/institutions/search',
      { query: '', products: null, country_codes: ['US'] },
      'INVALID_FIELD',
      'query',
    ],
    ['below minimum', '/bank_transfer/event/sync', { after_id: 0, count: 0 }, 'INVALID_FIELD', 'count'],
    [
      'above maxLength',
      '/payment_initiation/payment/create',
      { ...payment, reference: 'A'.repeat(19) },
      'INVALID_FIELD',
      'reference',
    ],
    ['above maximum', '/transfer/list', { count: 26 }, 'INVALID_FIELD', 'count'],
    [
      'exclusiveMinimum',
      '/payment_initiation/payment/create',
      { ...payment, amount: { currency: 'GBP', value: 0 } },
      'INVALID_FIELD',
      'amount.value',
    ],
    ['pattern', '/item/remove', { access_token: 'not-a-token' }, 'INVALID_FIELD', 'access_token'],
    [
      'pattern in an array item',
      '/institutions/search',
      { query: 'G', products: null, country_codes: ['us'] },
      'INVALID_FIELD',
      'country_codes[0]',
    ],
    [
      'enum',
      '/payment_initiation/payment/create',
      { ...payment, amount: { currency: 'USD', value: 1 } },
      'INVALID_FIELD',
      'amount.currency',
    ],
    ['format', '/transfer/list', { start_date: '2026-11-01' }, 'INVALID_FIELD', 'start_date'],
    [
      'null where not nullable',
      '/payment_initiation/payment/create',
      { ...payment, schedule: null },
      'INVALID_FIELD',
      'schedule',
    ],
    [
      'minItems',
      '/institutions/search',
      { query: 'G', products: [], country_codes: ['US'] },
      'INVALID_FIELD',
      'products',
    ],
    ['int32 integer', '/bank_transfer/event/sync', { after_id: 1.5 }, 'INVALID_FIELD', 'after_id'],
    [
      'one of two fields required (anyOf)',
      '/payment_initiation/recipient/create',
      { name: 'Wonder Wallet' },
      'MISSING_FIELDS',
      'iban or bacs',
    ],
    [
      'wrong type of a body credential',
      '/item/remove',
      { access_token: accessToken, client_id: 7 },
      'INVALID_FIELD',
      'client_id',
    ],
  ])('%s', async (_kind, path, body, code, field) => {
    const error = expectApiError(await send(path, { json: body }), 400, code);
    expect(error.error_message).toContain(field);
    expect(error.causes).toContainEqual(expect.objectContaining({ field, error_code: code }));
    expect(error.request_id).toMatch(/^[A-Za-z0-9]{15}$/);
  });

  it('reports every violation of one request, one cause each', async () => {
    const error = expectApiError(
      await send('/transfer/list', { json: { count: 50, offset: -1, bogus: true } }),
      400,
      'UNKNOWN_FIELDS',
    );
    expect(error.causes.map((cause) => cause.field).sort()).toEqual(['bogus', 'count', 'offset']);
  });

  it('checks the SVC-Version header against the versions the spec accepts', async () => {
    const error = expectApiError(
      await send('/item/remove', { json: { access_token: accessToken }, headers: { 'SVC-Version': '2020-01-01' } }),
      400,
      'INVALID_HEADERS',
    );
    expect(error.error_message).toContain('SVC-Version');
    expect(
      (await send('/item/remove', { json: { access_token: accessToken }, headers: { 'SVC-Version': '2026-11-01' } }))
        .status,
    ).toBe(200);
  });

  it('never echoes a secret in an error', async () => {
    const error = expectApiError(
      await send('/item/remove', { json: { access_token: 1, secret: 'not-shown-123' } }),
      400,
      'INVALID_FIELD',
    );
    expect(JSON.stringify(error)).not.toContain('not-shown-123');
  });
});

describe('credentials', () => {
  const body = { access_token: accessToken };

  it('an admin operation takes the admin key instead of client credentials: answered with it alone, 401 INVALID_ADMIN_KEY without it', async () => {
    const adminKey = { [HEADER_NAMES.sandboxAdminKey]: 'sbxadm_any_value' };
    const withKey = await send('/sandbox/client/create', {
      json: { name: 'CI run' },
      headers: { 'SVC-CLIENT-ID': '', 'SVC-SECRET': '', ...adminKey },
    });
    expect(withKey.status).toBe(200);
    expect(withKey.body).toHaveProperty('secret');
    const withoutKey = await send('/sandbox/client/create', { json: { name: 'CI run' } });
    expectApiError(withoutKey, 401, 'INVALID_ADMIN_KEY');
    expect(withoutKey.body.error_type).toBe('INVALID_INPUT');
    // A client's operation still wants client credentials, not the admin key.
    const clientOperation = await send('/item/remove', {
      json: body,
      headers: { 'SVC-CLIENT-ID': '', 'SVC-SECRET': '', ...adminKey },
    });
    expectApiError(clientOperation, 401, 'MISSING_CREDENTIALS');
  });

  it.each([
    ['none', {}, {}, ['client_id', 'secret']],
    ['only the id header', { 'SVC-CLIENT-ID': clientId }, {}, ['secret']],
    ['only the secret body field', {}, { secret }, ['client_id']],
  ])('missing (%s) → 401 MISSING_CREDENTIALS naming what is missing', async (_name, headers, extra, missing) => {
    const reply = await send('/item/remove', {
      json: { ...body, ...extra },
      headers: { 'SVC-CLIENT-ID': '', 'SVC-SECRET': '', ...headers },
    });
    const error = expectApiError(reply, 401, 'MISSING_CREDENTIALS');
    expect(reply.body.error_type).toBe('INVALID_INPUT');
    expect(error.causes.map((cause) => cause.field)).toEqual(missing);
  });

  it.each([
    ['as headers', credentials, {}],
    ['as body fields', { 'SVC-CLIENT-ID': '', 'SVC-SECRET': '' }, { client_id: clientId, secret }],
    ['mixed: id in a header, secret in the body', { 'SVC-CLIENT-ID': clientId, 'SVC-SECRET': '' }, { secret }],
    [
      'mixed: secret in a header, id in the body',
      { 'SVC-CLIENT-ID': '', 'SVC-SECRET': secret },
      { client_id: clientId },
    ],
    ['in both places', credentials, { client_id: clientId, secret }],
  ])('accepted %s', async (_name, headers, extra) => {
    const reply = await send('/item/remove', { json: { ...body, ...extra }, headers });
    expect(reply.status, JSON.stringify(reply.body)).toBe(200);
  });
});

describe('CORS', () => {
  const origin = 'http://localhost:5173';

  /** A preflight of a POST sending `requestHeaders`: its response and the headers it allows (lower case). */
  async function preflight(requestHeaders: string) {
    const response = await fetch(`${mock.url}/item/remove`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': requestHeaders,
      },
      signal: AbortSignal.timeout(5000),
    });
    const allowed = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
    return { response, allowed };
  }

  it('answers a preflight with 204 and the API headers allowed', async () => {
    const { response, allowed } = await preflight('content-type,svc-client-id,svc-secret,svc-version,prefer');
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe(origin);
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');
    for (const header of ['content-type', 'svc-client-id', 'svc-secret', 'svc-version', 'prefer']) {
      expect(allowed).toContain(header);
    }
  });

  it('allows the sandbox fault header in a preflight and answers as usual, ignoring it', async () => {
    const { response, allowed } = await preflight(`content-type,svc-client-id,svc-secret,${HEADER_NAMES.sandboxFault}`);
    expect(response.status).toBe(204);
    expect(allowed).toContain(HEADER_NAMES.sandboxFault.toLowerCase());
    const reply = await send('/item/remove', {
      json: { access_token: accessToken },
      headers: { Origin: origin, [HEADER_NAMES.sandboxFault]: 'error=RATE_LIMIT_EXCEEDED' },
    });
    expect(reply.status).toBe(200);
  });

  it('puts the CORS headers on answers and on errors', async () => {
    for (const [path, json] of [
      ['/item/remove', { access_token: accessToken }],
      ['/item/remove', {}],
      ['/nope', {}],
    ] as const) {
      const reply = await send(path, { json, headers: { Origin: origin } });
      expect(reply.headers.get('access-control-allow-origin')).toBe(origin);
    }
  });
});

describe('Prefer', () => {
  const body = { access_token: accessToken };
  const exampleValue = (status: string, name: string) => {
    const entry = operations.find((item) => item.operationId === 'itemRemove');
    const examples = namedExamples(document, jsonContent(document, entry?.operation.responses?.[status]));
    return examples.find((example) => example.name === name)?.value;
  };

  it('example=<name> selects a named error example and its status', async () => {
    const reply = await send('/item/remove', { json: body, headers: { Prefer: 'example=invalidAccessToken' } });
    expect(reply.status).toBe(400);
    // The example as written, but with this response's own request_id (issue 26).
    expect(reply.body).toEqual({
      ...(exampleValue('400', 'invalidAccessToken') as object),
      request_id: expect.stringMatching(/^[A-Za-z0-9]{15}$/),
    });
  });

  it('code=<status> selects the first example of that status', async () => {
    const reply = await send('/item/remove', { json: body, headers: { Prefer: 'code=401' } });
    expect(reply.status).toBe(401);
    expect(reply.body).toMatchObject({ error_code: 'MISSING_CREDENTIALS' });
  });

  it('code and example together, and the Retry-After of a 429', async () => {
    const reply = await send('/item/remove', {
      json: body,
      headers: { Prefer: 'code=429, example=rateLimitExceeded' },
    });
    expect(reply.status).toBe(429);
    expect(reply.headers.get('retry-after')).toMatch(/^\d+$/);
  });

  it('validation wins over Prefer', async () => {
    expectApiError(await send('/item/remove', { json: {}, headers: { Prefer: 'code=200' } }), 400, 'MISSING_FIELDS');
  });

  it.each([
    ['example=zzz', 'invalidAccessToken (400)'],
    ['code=404', 'declares no 404 response'],
    ['code=abc', 'HTTP status'],
  ])('%s → 400 INVALID_HEADERS saying what can be chosen', async (prefer, message) => {
    const error = expectApiError(
      await send('/item/remove', { json: body, headers: { Prefer: prefer } }),
      400,
      'INVALID_HEADERS',
    );
    expect(error.error_message).toContain(message);
  });

  it('dynamic=true generates a schema-valid response per request', async () => {
    const entry = operations.find((item) => item.operationId === 'transferList');
    if (!entry) {
      throw new Error('transferList not in the spec');
    }
    for (let attempt = 0; attempt < 5; attempt++) {
      const reply = await send(entry.path, { json: {}, headers: { Prefer: 'dynamic=true' } });
      expect(reply.status).toBe(200);
      expect(validator.validate(responseSchemaPointer(document, entry, '200'), reply.body).errors).toEqual([]);
    }
  });
});

describe('edges: a clear error, quickly, never a hang', () => {
  it.each([
    ['malformed JSON', { body: '{"access_token": ' }, 400, 'INVALID_BODY'],
    ['a JSON array', { body: '[]' }, 400, 'INVALID_BODY'],
    ['an empty body', { body: '' }, 400, 'INVALID_BODY'],
    ['no body at all', {}, 400, 'INVALID_BODY'],
    ['a text/plain body', { body: '{}', headers: { 'Content-Type': 'text/plain' } }, 415, 'INVALID_CONTENT_TYPE'],
    ['a body over 1 MiB', { body: JSON.stringify({ access_token: 'x'.repeat(1024 * 1024) }) }, 413, 'BODY_TOO_LARGE'],
  ])('%s → %i %s', async (_name, init, status, code) => {
    const error = expectApiError(await send('/item/remove', init as RequestInit), status, code);
    expect(error.error_message.length).toBeGreaterThan(10);
  });

  it('an unknown path → 404 NOT_FOUND naming it', async () => {
    const error = expectApiError(await send('/items/remove', { json: {} }), 404, 'NOT_FOUND');
    expect(error.error_message).toContain('/items/remove');
  });

  it('another method → 405 METHOD_NOT_ALLOWED with Allow', async () => {
    const reply = await send('/item/remove', { method: 'GET' });
    expectApiError(reply, 405, 'METHOD_NOT_ALLOWED');
    expect(reply.headers.get('allow')).toBe('POST, OPTIONS');
  });

  it('a deprecated operation says so in a Deprecation header', async () => {
    const reply = await send('/payment_initiation/payment/token/create', {
      json: { payment_id: 'payment-id-sandbox-feca8a7a-5591-4aef-9297-f3062bb735d3' },
    });
    expect(reply.headers.get('deprecation')).toBe('true');
  });
});

describe('dynamic mode', () => {
  let dynamic: RunningMock;

  beforeAll(async () => {
    dynamic = await startMock({ port: 0, dynamic: true });
  }, 60_000);

  afterAll(async () => {
    await dynamic?.stop();
  });

  it('generates schema-valid bodies without invented properties', async () => {
    const entry = operations.find((item) => item.operationId === 'itemRemove');
    if (!entry) {
      throw new Error('itemRemove not in the spec');
    }
    const response = await fetch(`${dynamic.url}${entry.path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...credentials },
      body: JSON.stringify({ access_token: accessToken }),
      signal: AbortSignal.timeout(5000),
    });
    const body = (await response.json()) as Record<string, unknown>;
    expect(response.status).toBe(200);
    expect(Object.keys(body)).toEqual(['request_id']);
    expect(body.request_id).not.toBe('Hi8Jk4mNo5PqRs6');
  });
});

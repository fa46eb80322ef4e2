// Issue 42: with the mock's own request validator, the engine validates a request itself and
// serves a static answer it served before from memory, without Prism. These tests hold it to
// what Prism alone answers: the same response for every choice, the same findings for every
// invalid request, and generated answers never kept.
import { readFileSync } from 'node:fs';
import { createRequestValidator } from '@svc/server-kit';
import { openapiDereferencedJsonPath, openapiJsonPath } from '@svc/spec';
import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  createPrismEngine,
  type EngineRequest,
  type MockOperation,
  type PrismEngine,
  type ResponseChoice,
} from '../../src/prism/prism-engine.js';

type Json = Record<string, unknown>;

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as Json;
const ACCESS_TOKEN = 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6';
const credentials = { 'svc-client-id': EXAMPLE_CREDENTIALS.clientId, 'svc-secret': EXAMPLE_CREDENTIALS.secret };

/** The engine as the mock runs it for the bundled spec (own validator, answers kept) and Prism alone. */
let cached: PrismEngine;
let prismOnly: PrismEngine;

beforeAll(async () => {
  const dereferenced = JSON.parse(readFileSync(openapiDereferencedJsonPath, 'utf8')) as Json;
  cached = await createPrismEngine(document, {
    validator: createRequestValidator(dereferenced, { compileOnFirstUse: true }),
  });
  prismOnly = await createPrismEngine(document);
}, 60_000);

function operation(engine: PrismEngine, operationId: string): MockOperation {
  const found = engine.operations.find((candidate) => candidate.operationId === operationId);
  if (!found) {
    throw new Error(`no operation ${operationId}`);
  }
  return found;
}

function request(body: Json, headers: Json = {}): EngineRequest {
  return { headers: { ...credentials, ...headers }, body, byteLength: JSON.stringify(body).length };
}

const answer = (engine: PrismEngine, operationId: string, body: Json, choice: ResponseChoice, headers?: Json) =>
  engine.respond(operation(engine, operationId), request(body, headers), choice);

describe('static answers kept by the engine', () => {
  it.each<[string, string, Json, ResponseChoice]>([
    ['the first 200 example of a read', 'authGet', { access_token: ACCESS_TOKEN }, { dynamic: false }],
    ['an error status', 'itemRemove', { access_token: ACCESS_TOKEN }, { dynamic: false, code: 401 }],
    [
      'a named example',
      'itemRemove',
      { access_token: ACCESS_TOKEN },
      { dynamic: false, code: 400, exampleKey: 'invalidAccessToken' },
    ],
    [
      'a 429 with its Retry-After',
      'itemRemove',
      { access_token: ACCESS_TOKEN },
      { dynamic: false, code: 429, exampleKey: 'rateLimitExceeded' },
    ],
    [
      'a named example while dynamic',
      'authGet',
      { access_token: ACCESS_TOKEN },
      { dynamic: true, code: 200, exampleKey: 'default' },
    ],
  ])(
    '%s: the answer Prism gives, then the very same object without Prism',
    async (_name, operationId, body, choice) => {
      const expected = await answer(prismOnly, operationId, body, choice);
      expect(expected.kind).toBe('response');
      const first = await answer(cached, operationId, body, choice);
      const second = await answer(cached, operationId, body, choice);
      expect(first).toEqual({ ...expected, static: true });
      expect(second).toBe(first);
    },
  );

  it('gives a kept static answer at once, with no promise to wait for', async () => {
    const body = { access_token: ACCESS_TOKEN };
    const first = await answer(cached, 'authGet', body, { dynamic: false });
    const again = answer(cached, 'authGet', body, { dynamic: false });
    expect(again).not.toBeInstanceOf(Promise);
    expect(again).toBe(first);
  });

  it('still validates a request whose static answer is kept', async () => {
    const body = { access_token: ACCESS_TOKEN };
    await answer(cached, 'authGet', body, { dynamic: false });
    const invalid = await answer(cached, 'authGet', { ...body, extra: 1 }, { dynamic: false });
    expect(invalid.kind).toBe('invalid');
  });

  it('generates a dynamic answer every time, never keeping one', async () => {
    const body = { access_token: ACCESS_TOKEN };
    const first = await answer(cached, 'authGet', body, { dynamic: true });
    const second = await answer(cached, 'authGet', body, { dynamic: true });
    expect(first).toMatchObject({ kind: 'response', static: false });
    expect(second).not.toBe(first);
  });
});

describe('the findings of the own validator are those of Prism', () => {
  it.each<[string, string, Json, Json?]>([
    ['a missing field', 'authGet', {}],
    ['an unknown field', 'authGet', { access_token: ACCESS_TOKEN, extra: true }],
    ['a wrong type', 'authGet', { access_token: 42 }],
    ['several problems at once', 'transferCreate', { amount: 'ten', type: 'sideways', extra: [] }],
    ['a nested unknown field', 'authGet', { access_token: ACCESS_TOKEN, options: { nope: 1 } }],
    ['a bad SVC-Version header', 'authGet', { access_token: ACCESS_TOKEN }, { 'svc-version': 'yesterday' }],
  ])('%s', async (_name, operationId, body, headers) => {
    const ours = await answer(cached, operationId, body, { dynamic: false }, headers);
    const prisms = await answer(prismOnly, operationId, body, { dynamic: false }, headers);
    expect(prisms.kind).toBe('invalid');
    expect(ours).toEqual(prisms);
  });
});

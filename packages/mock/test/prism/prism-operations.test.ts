import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isDeepStrictEqual } from 'node:util';
import { openapiJsonPath } from '@svc/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { convertOperations, createPrismEngine, prismEngineOf } from '../../src/prism/prism-engine.js';
import { loadPrismHttp, type PrismOperation } from '../../src/prism/prism-http.js';
import { engineInputOf, type PreparedOperations, writePreparedOperations } from '../../src/prism/prism-operations.js';

/** One operation with two 200 examples, of which one breaks the response schema. */
const BROKEN_EXAMPLE = {
  openapi: '3.1.0',
  info: { title: 'broken example', version: '1.0.0' },
  paths: {
    '/good': {
      post: {
        operationId: 'good',
        responses: {
          '200': {
            description: 'ok',
            content: {
              'application/json': {
                schema: { type: 'object', required: ['id'], properties: { id: { type: 'string' } } },
                examples: { broken: { value: { id: 42 } }, good: { value: { id: 'a' } } },
              },
            },
          },
        },
      },
    },
  },
};

/** What the build writes (`pnpm --filter @svc/mock build`, run by turbo before the tests). */
const BUILT = new URL('../../dist/prism/prism-operations.json', import.meta.url);

const specText = readFileSync(openapiJsonPath, 'utf8');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
let dir: string;
let written: URL;
let fresh: PreparedOperations;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'svc-mock-prepared-'));
  written = pathToFileURL(join(dir, 'written.json'));
  fresh = await writePreparedOperations(openapiJsonPath, written);
}, 120_000);

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

/** A prepared file in the temporary directory. */
function preparedFile(name: string, content: Partial<PreparedOperations>): URL {
  const file = pathToFileURL(join(dir, name));
  writeFileSync(file, JSON.stringify(content));
  return file;
}

const marker: PrismOperation[] = [{ iid: 'prepared', method: 'post', path: '/prepared', responses: [] }];

describe('prepared operations', () => {
  it('writes the operations Prism converts from the bundled spec, and checks every static success response', async () => {
    expect(fresh.specSha256).toBe(sha256(specText));
    expect(fresh.prismHttpVersion).toBe(loadPrismHttp().version);
    const converted = await convertOperations(JSON.parse(specText) as Record<string, unknown>);
    // Identical after a trip through JSON: nothing Prism produces is lost in the file.
    expect(isDeepStrictEqual(fresh.operations, converted)).toBe(true);
    // Every static choice of a success of every operation: the default, each 2xx status, each
    // of their named examples.
    const choices = converted.reduce(
      (count, operation) =>
        count +
        1 +
        operation.responses
          .filter((response) => /^2\d\d$/.test(response.code))
          .reduce(
            (sum, response) =>
              sum +
              1 +
              (response.contents ?? [])
                .filter((content) => content.mediaType === 'application/json')
                .reduce((examples, content) => examples + (content.examples?.length ?? 0), 0),
            0,
          ),
      0,
    );
    expect(fresh.checkedStatic).toHaveLength(choices);
    expect(fresh.checkedStatic).toContain('authGet  ');
    expect(fresh.checkedStatic).toContain('itemRemove 200 ');
    expect(fresh.checkedStatic.some((key) => / 400 /.test(key))).toBe(false);
  });

  it('the build prepared the same (dist/prism/prism-operations.json)', () => {
    expect(existsSync(BUILT), 'dist/prism/prism-operations.json: build @svc/mock first').toBe(true);
    expect(isDeepStrictEqual(JSON.parse(readFileSync(BUILT, 'utf8')), fresh)).toBe(true);
  });

  it('leaves out a static response that breaks its schema', async () => {
    const [operation] = await convertOperations(BROKEN_EXAMPLE);
    if (!operation) {
      throw new Error('no operation');
    }
    expect(await prismEngineOf([operation]).checkStaticResponses()).toEqual(['good 200 good']);
  });

  it('serves the prepared operations and checks for the very text and Prism version they come from', async () => {
    expect(await engineInputOf(specText, written)).toEqual({
      operations: fresh.operations,
      checkedStatic: fresh.checkedStatic,
    });
    const version = loadPrismHttp().version;
    const matching = preparedFile('matching.json', {
      specSha256: sha256(specText),
      prismHttpVersion: version,
      operations: marker,
      checkedStatic: ['prepared  '],
    });
    expect(await engineInputOf(specText, matching)).toEqual({ operations: marker, checkedStatic: ['prepared  '] });

    const otherSpec = preparedFile('other-spec.json', {
      specSha256: sha256(`${specText} `),
      prismHttpVersion: version,
      operations: marker,
      checkedStatic: [],
    });
    const otherPrism = preparedFile('other-prism.json', {
      specSha256: sha256(specText),
      prismHttpVersion: '0.0.0',
      operations: marker,
      checkedStatic: [],
    });
    for (const file of [otherSpec, otherPrism, pathToFileURL(join(dir, 'missing.json'))]) {
      const input = await engineInputOf(specText, file);
      expect(input.checkedStatic).toEqual([]);
      expect(input.operations.map((operation) => operation.iid)).toEqual(
        fresh.operations.map((operation) => operation.iid),
      );
    }
  });

  it('refuses a prepared file that is not JSON (a broken build) instead of ignoring it', async () => {
    const file = pathToFileURL(join(dir, 'broken.json'));
    writeFileSync(file, '{"specSha256":');
    await expect(engineInputOf(specText, file)).rejects.toThrow(SyntaxError);
  });
});

describe('modules of Prism loaded at first use', () => {
  it('Prism loads without faker, the Postman reader and the OpenAPI reader (a fresh process, the build)', () => {
    const script = `
      import { createRequire } from 'node:module';
      import { loadPrismHttp } from ${JSON.stringify(new URL('../../dist/prism/prism-http.js', import.meta.url).href)};
      const prism = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'));
      loadPrismHttp();
      const loaded = (request) => prism.resolve(request) in prism.cache;
      console.log(JSON.stringify({
        faker: loaded('@faker-js/faker'),
        postman: loaded('@stoplight/http-spec/postman/operation'),
        openapi: loaded('@stoplight/http-spec/oas3/operation'),
        validator: loaded('ajv'),
      }));`;
    const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      encoding: 'utf8',
    });
    expect(JSON.parse(output)).toEqual({ faker: false, postman: false, openapi: false, validator: true });
  });

  it('faker still serves the `x-faker` schema keyword in generated responses', async () => {
    const engine = await createPrismEngine({
      openapi: '3.1.0',
      info: { title: 'faker keyword', version: '1.0.0' },
      paths: {
        '/name': {
          post: {
            operationId: 'name',
            requestBody: { content: { 'application/json': { schema: { type: 'object' } } } },
            responses: {
              '200': {
                description: 'ok',
                content: {
                  'application/json': {
                    schema: {
                      type: 'object',
                      required: ['first_name'],
                      additionalProperties: false,
                      properties: { first_name: { type: 'string', 'x-faker': 'person.firstName' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    });
    const [operation] = engine.operations;
    if (!operation) {
      throw new Error('no operation');
    }
    for (let index = 0; index < 20; index++) {
      const result = await engine.respond(operation, { headers: {}, body: {}, byteLength: 2 }, { dynamic: true });
      expect(result).toMatchObject({ kind: 'response', status: 200 });
      // A first name from faker's English list, not json-schema-faker's lorem ipsum for a string.
      expect((result as { body: { first_name: string } }).body.first_name).toMatch(/^[A-Z][a-z'-]+$/);
    }
  });
});

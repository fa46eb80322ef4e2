// A bounded, seeded fuzz run of the mock (issue 13): a few thousand invalid and malformed
// requests across every operation. Every answer must be a 4xx ApiError (never a 5xx, never a
// hang), no answer and no access-log line may show any part of the client secret, and the mock
// must still answer valid requests afterwards. `MOCK_FUZZ_CASES` and `MOCK_FUZZ_SEED` change the
// run; a failure names the seed and the case.

import { readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { createDocumentValidator, listOperations, type OpenApiDocument, requestExamples } from '@svc/openapi-kit';
import { openapiDereferencedJsonPath, openapiJsonPath } from '@svc/spec';
import { HEADER_NAMES } from '@svc/spec/headers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatAccessEntry } from '../src/cli.js';
import { type RunningMock, startMock } from '../src/index.js';
import { type FuzzCase, type FuzzOperation, fuzzCases, type HttpCase, type RawCase } from './support/fuzz-cases.js';

const CASES = Number(process.env.MOCK_FUZZ_CASES ?? 3000);
const SEED = Number(process.env.MOCK_FUZZ_SEED ?? 13);
const CONCURRENCY = 4;
/** Longest wait for one answer: far above the slowest (a 1 MB body on a busy machine). */
const TIMEOUT_MS = 15_000;
const secret = 'Zq7vK2mXw9RtB4nLp8sYc3HdJ6fGa1Ue';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const dereferenced = JSON.parse(readFileSync(openapiDereferencedJsonPath, 'utf8')) as OpenApiDocument;
const validator = createDocumentValidator(document);
const operations: FuzzOperation[] = listOperations(dereferenced).map((entry) => {
  const schema = entry.operation.requestBody as { content?: Record<string, { schema?: Record<string, unknown> }> };
  return {
    operationId: entry.operationId,
    path: entry.path,
    schema: schema.content?.['application/json']?.schema ?? {},
    example: (requestExamples(document, entry)[0]?.value ?? {}) as Record<string, unknown>,
  };
});

/** Every 8 characters in a row of the secret: none may appear anywhere. */
const secretPieces = Array.from({ length: secret.length - 7 }, (_, index) => secret.slice(index, index + 8));
const leaks = (text: string) => secretPieces.filter((piece) => text.includes(piece));

let mock: RunningMock;
const logLines: string[] = [];

beforeAll(async () => {
  mock = await startMock({ port: 0, onResponse: (entry) => logLines.push(formatAccessEntry(entry)) });
}, 60_000);

afterAll(async () => {
  await mock?.stop();
});

interface Answer {
  status: number;
  headers: string;
  body: string;
}

async function sendHttp(item: HttpCase): Promise<Answer> {
  const response = await fetch(`${mock.url}${item.path}`, {
    method: item.method,
    headers: item.headers,
    ...(item.body === undefined ? {} : { body: item.body }),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  return {
    status: response.status,
    headers: [...response.headers].map(([name, value]) => `${name}: ${value}`).join('\n'),
    body: await response.text(),
  };
}

function sendRaw(item: RawCase): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const socket = connect(mock.port, '127.0.0.1', () => socket.write(item.bytes));
    let text = '';
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no answer and no close within ${TIMEOUT_MS} ms`));
    }, TIMEOUT_MS);
    socket.on('data', (chunk) => {
      text += chunk.toString('latin1');
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearTimeout(timer);
      const head = text.slice(0, Math.max(0, text.indexOf('\r\n\r\n')));
      resolve({
        status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0),
        headers: head,
        body: text.slice(head.length + 4),
      });
    });
  });
}

/** What is wrong with the answer to `item` (empty when nothing). */
async function check(item: FuzzCase): Promise<string[]> {
  let answer: Answer;
  try {
    answer = await (item.kind === 'http' ? sendHttp(item) : sendRaw(item));
  } catch (error) {
    return [`no answer: ${error instanceof Error ? error.message : String(error)}`];
  }
  const problems: string[] = [];
  if (answer.status < 400 || answer.status > 499) {
    problems.push(`status ${answer.status}: ${answer.body.slice(0, 300)}`);
  }
  let body: unknown;
  try {
    body = JSON.parse(answer.body);
  } catch {
    problems.push(`a body that is not JSON: ${answer.body.slice(0, 100)}`);
  }
  if (body !== undefined) {
    problems.push(...validator.validate('#/components/schemas/ApiError', body).errors);
    if ((body as { status?: unknown }).status !== answer.status) {
      problems.push(`status ${answer.status} but the error says ${String((body as { status?: unknown }).status)}`);
    }
  }
  const leaked = leaks(`${answer.headers}\n${answer.body}`);
  if (leaked.length > 0) {
    problems.push(`the answer shows part of the secret (${leaked[0]})`);
  }
  return problems;
}

describe(`fuzzing the mock: ${CASES} invalid or malformed requests, seed ${SEED}`, () => {
  it('answers each with a 4xx ApiError, quickly, and shows the secret nowhere', async () => {
    const next = fuzzCases(operations, secret, SEED);
    const cases = Array.from({ length: CASES }, next);
    const failures: string[] = [];
    const kinds = new Map<number, number>();
    let index = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (index < cases.length) {
          const number = index++;
          const item = cases[number] as FuzzCase;
          const problems = await check(item);
          if (problems.length > 0) {
            failures.push(`case ${number} (${item.name}): ${problems.join('; ')}`);
          }
        }
      }),
    );
    for (const line of logLines) {
      const status = Number(line.slice(0, 3));
      kinds.set(status, (kinds.get(status) ?? 0) + 1);
      if (leaks(line).length > 0) {
        failures.push(`the access log shows part of the secret: ${line.slice(0, 200)}`);
      }
    }
    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    process.stdout.write(
      `fuzz seed ${SEED}: ${CASES} cases in ${seconds} s; logged statuses ${JSON.stringify(Object.fromEntries(kinds))}\n`,
    );
    expect(failures.slice(0, 20)).toEqual([]);
  }, 300_000);

  it('still answers every operation normally afterwards', async () => {
    for (const operation of operations) {
      const response = await fetch(`${mock.url}${operation.path}`, {
        method: 'POST',
        // Client credentials and an admin key: each operation reads those of its own security.
        headers: {
          'Content-Type': 'application/json',
          'SVC-CLIENT-ID': 'fuzz-client',
          'SVC-SECRET': secret,
          [HEADER_NAMES.sandboxAdminKey]: 'sbxadm_fuzz',
        },
        body: JSON.stringify(operation.example),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      expect(response.status, operation.operationId).toBe(200);
      await response.arrayBuffer();
    }
  }, 120_000);
});

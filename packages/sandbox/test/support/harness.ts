/**
 * The test harness of the sandbox: starts it in-process on 127.0.0.1 (a free port) with a fresh
 * store on SQLite (memory) or PostgreSQL (a database of its own on the run's embedded cluster),
 * a manual clock and no request log; sends typed requests; and checks every response body against
 * the spec (200 against the operation's response schema, errors against `ApiError`), failing the
 * test on any mismatch.
 *
 * @example
 * describeEngines('items', (sandbox) => {
 *   it('exchanges a public token', async () => {
 *     const created = await sandbox().ok('sandboxPublicTokenCreate', { institution_id: 'ins_109508', initial_products: ['auth'] });
 *   });
 * });
 */
import { readFileSync } from 'node:fs';
import { createDocumentValidator, type OpenApiDocument } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { afterAll, beforeAll, describe, inject } from 'vitest';
import { createManualClock, type ManualClock } from '../../src/engine/clock.js';
import type { LogEntry } from '../../src/engine/logger.js';
import { DEFAULT_CLIENT, DEMO_CLIENT } from '../../src/features/world/index.js';
import { type OperationBodies, type OperationId, operationPaths } from '../../src/generated/handlers.gen.js';
import { type RunningSandbox, type SandboxOptions, startSandbox } from '../../src/start-sandbox.js';
import { createTestDatabase } from './postgres.js';

/** The engines every behaviour test runs on. */
export const ENGINES = ['sqlite', 'postgres'] as const;

/** One of {@link ENGINES}. */
export type EngineName = (typeof ENGINES)[number];

/** Credentials of a request: the default client, the demo client, given ones, or none. */
export type As = 'default' | 'demo' | { clientId: string; secret: string } | 'none';

/** A response as received. */
export interface Reply<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
}

/** A sandbox under test. */
export interface TestSandbox {
  engine: EngineName;
  url: string;
  clock: ManualClock;
  sandbox: RunningSandbox;
  /** Every log entry written so far. */
  logs: LogEntry[];
  /** Sends a request to an operation; the body is checked against the spec. */
  call<K extends OperationId>(
    operation: K,
    body: OperationBodies[K]['request'] | Record<string, unknown>,
    as?: As,
  ): Promise<Reply>;
  /** Sends a request and expects a 200: returns the typed body, throws with the error otherwise. */
  ok<K extends OperationId>(
    operation: K,
    body: OperationBodies[K]['request'],
    as?: As,
  ): Promise<OperationBodies[K]['response']>;
  /** Sends a request and expects an error: returns the `ApiError` body. */
  fail<K extends OperationId>(
    operation: K,
    body: OperationBodies[K]['request'] | Record<string, unknown>,
    as?: As,
  ): Promise<Reply<ApiErrorBody>>;
  stop(): Promise<void>;
}

/** The `ApiError` body. */
export interface ApiErrorBody {
  error_type: string;
  error_code: string;
  error_message: string;
  display_message: string | null;
  request_id: string;
  causes: Record<string, unknown>[];
  status: number;
  documentation_url: string;
  suggested_action: string | null;
}

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const validator = createDocumentValidator(document);

function responsePointer(operation: OperationId, status: number): string {
  const path = operationPaths[operation].replaceAll('/', '~1');
  return status === 200
    ? `#/paths/${path}/post/responses/200/content/application~1json/schema`
    : '#/components/schemas/ApiError';
}

function credentialsOf(as: As): Record<string, string> {
  if (as === 'none') {
    return {};
  }
  const client = as === 'default' ? DEFAULT_CLIENT : as === 'demo' ? DEMO_CLIENT : as;
  return { 'SVC-CLIENT-ID': client.clientId, 'SVC-SECRET': client.secret };
}

/** Starts a sandbox on `engine` with a manual clock; `options` are passed to `startSandbox`. */
export async function startTestSandbox(
  engine: EngineName,
  options: Partial<SandboxOptions> = {},
): Promise<TestSandbox> {
  const clock = createManualClock('2026-11-02T10:00:00.000Z');
  const logs: LogEntry[] = [];
  const store: SandboxOptions['store'] =
    options.store ??
    (engine === 'sqlite'
      ? { kind: 'memory' }
      : { kind: 'postgres', url: await createTestDatabase(inject('pgAdminUrl')) });
  const sandbox = await startSandbox({
    port: 0,
    clock,
    logger: (entry) => logs.push(entry),
    rateLimit: null,
    ...options,
    store,
  });
  const call = async (operation: OperationId, body: unknown, as: As = 'default'): Promise<Reply> => {
    const response = await fetch(`${sandbox.url}${operationPaths[operation]}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...credentialsOf(as) },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    const parsed = text === '' ? undefined : JSON.parse(text);
    const check = validator.validate(responsePointer(operation, response.status), parsed);
    if (!check.valid) {
      throw new Error(
        `${operation} answered HTTP ${response.status} with a body that breaks the spec:\n  ${check.errors.join('\n  ')}\nbody: ${text.slice(0, 2000)}`,
      );
    }
    return { status: response.status, headers: response.headers, body: parsed };
  };
  return {
    engine,
    url: sandbox.url,
    clock,
    sandbox,
    logs,
    call: call as TestSandbox['call'],
    async ok(operation, body, as) {
      const reply = await call(operation, body, as);
      if (reply.status !== 200) {
        throw new Error(`${operation} answered HTTP ${reply.status}: ${JSON.stringify(reply.body)}`);
      }
      return reply.body as never;
    },
    async fail(operation, body, as) {
      const reply = await call(operation, body, as);
      if (reply.status === 200) {
        throw new Error(`${operation} succeeded but an error was expected: ${JSON.stringify(reply.body)}`);
      }
      return reply as Reply<ApiErrorBody>;
    },
    stop: () => sandbox.stop(),
  };
}

/**
 * Declares `tests` once per engine, each in a `describe` named after the engine, with one sandbox
 * started before them and stopped after. `tests` receives a getter for that sandbox.
 */
export function describeEngines(
  name: string,
  tests: (sandbox: () => TestSandbox, engine: EngineName) => void,
  options: Partial<SandboxOptions> = {},
): void {
  for (const engine of ENGINES) {
    describe(`${name} [${engine}]`, () => {
      let current: TestSandbox | undefined;
      beforeAll(async () => {
        current = await startTestSandbox(engine, options);
      });
      afterAll(async () => {
        await current?.stop();
      });
      tests(() => {
        if (!current) {
          throw new Error('the sandbox is not started yet');
        }
        return current;
      }, engine);
    });
  }
}

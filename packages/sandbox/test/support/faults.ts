/**
 * Helpers of the fault tests: a request with an `SVC-Sandbox-Fault` header, seen as the client
 * sees it (an answer with its time, or a connection closed without one).
 */
import { HEADER_NAMES } from '@svc/spec/headers';
import { DEFAULT_CLIENT, DEMO_CLIENT } from '../../src/features/world/index.js';
import { type OperationId, operationPaths } from '../../src/generated/handlers.gen.js';
import type { TestSandbox } from './harness.js';

/** What the client saw. */
export type Outcome =
  | { dropped: false; status: number; headers: Headers; body: Record<string, unknown>; ms: number; headMs: number }
  | { dropped: true; ms: number };

/** Sends `body` to `operation` as the default (or demo) client, with the fault header when `fault` is given. */
export async function callFaulted(
  sandbox: TestSandbox,
  operation: OperationId,
  body: unknown,
  fault?: string,
  as: 'default' | 'demo' = 'default',
): Promise<Outcome> {
  const client = as === 'default' ? DEFAULT_CLIENT : DEMO_CLIENT;
  const started = performance.now();
  try {
    const response = await fetch(`${sandbox.url}${operationPaths[operation]}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        [HEADER_NAMES.clientId]: client.clientId,
        [HEADER_NAMES.secret]: client.secret,
        ...(fault === undefined ? {} : { [HEADER_NAMES.sandboxFault]: fault }),
      },
      body: JSON.stringify(body),
    });
    const headMs = performance.now() - started;
    const text = await response.text();
    return {
      dropped: false,
      status: response.status,
      headers: response.headers,
      body: JSON.parse(text) as Record<string, unknown>,
      ms: performance.now() - started,
      headMs,
    };
  } catch (error) {
    if (error instanceof TypeError) {
      return { dropped: true, ms: performance.now() - started };
    }
    throw error;
  }
}

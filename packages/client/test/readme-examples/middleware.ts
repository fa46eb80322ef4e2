import type { SvcClient } from '@svc/client';
import type { Middleware } from 'openapi-fetch';

/**
 * openapi-fetch middleware, as written for any openapi-fetch client: a trace id on every request,
 * and a log line per answer (one per attempt when a call is retried).
 */
export function traceCalls(client: SvcClient, traceId: string, log: (line: string) => void): Middleware {
  const tracing: Middleware = {
    onRequest({ request }) {
      request.headers.set('X-Trace-Id', traceId);
    },
    onResponse({ schemaPath, response }) {
      log(`${traceId} POST ${schemaPath}: HTTP ${response.status}`);
    },
  };
  client.use(tracing);
  return tracing; // client.eject(tracing) removes it again
}

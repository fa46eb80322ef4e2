import type { ServerResponse } from 'node:http';
import type { ErrorResponse } from './api-error.js';

/** The `request_id` and `error_code` of a body sent with {@link sendJson}, for the request log. */
export interface SentBodyFacts {
  requestId?: string;
  errorCode?: string;
}

const sentFacts = new WeakMap<ServerResponse, SentBodyFacts>();

/** What {@link sendJson} sent on `res`: the body's `request_id` and `error_code`, when it had them. */
export function sentBodyFacts(res: ServerResponse): SentBodyFacts {
  return sentFacts.get(res) ?? {};
}

/** The media type of every body this API sends. */
export const JSON_CONTENT_TYPE = 'application/json';

/**
 * Writes `body` as JSON with `status` and the given headers (which may override the content
 * type), unless the response has already been sent.
 */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string | number> = {},
): void {
  if (res.headersSent || res.writableEnded) {
    return;
  }
  if (typeof body === 'object' && body !== null) {
    const { request_id: requestId, error_code: errorCode } = body as Record<string, unknown>;
    sentFacts.set(res, {
      requestId: typeof requestId === 'string' ? requestId : undefined,
      errorCode: typeof errorCode === 'string' ? errorCode : undefined,
    });
  }
  // A string body goes out in one write together with the head; a Buffer would take two.
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': JSON_CONTENT_TYPE,
    ...headers,
    'Content-Length': Buffer.byteLength(payload),
  });
  res.end(payload);
}

/** Writes an {@link ErrorResponse}: its `error.status`, its headers, the error object as the body. */
export function sendApiError(res: ServerResponse, response: ErrorResponse): void {
  sendJson(res, response.error.status, response.error, response.headers);
}

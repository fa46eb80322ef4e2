import type { ServerResponse } from 'node:http';
import type { ErrorResponse } from './api-error.js';

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

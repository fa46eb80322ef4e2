import type { ServerResponse } from 'node:http';
import type { ErrorResponse } from './api-error.js';

/** The `request_id` and `error_code` of a body sent with {@link sendJson}, for the request log. */
export interface SentBodyFacts {
  requestId?: string;
  errorCode?: string;
}

/** Where a response keeps the facts of its body (a property of its own: cheaper per request than a WeakMap). */
const SENT_FACTS = Symbol('svc.sentBodyFacts');

type WithSentFacts = ServerResponse & { [SENT_FACTS]?: SentBodyFacts };

/** What {@link sendJson} sent on `res`: the body's `request_id` and `error_code`, when it had them. */
export function sentBodyFacts(res: ServerResponse): SentBodyFacts {
  return (res as WithSentFacts)[SENT_FACTS] ?? {};
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
  sendJsonText(res, status, JSON.stringify(body), headers, bodyFacts(body));
}

/** The `request_id` and `error_code` of `body` (a body to send), for {@link sendJsonText}. */
export function bodyFacts(body: unknown): SentBodyFacts {
  if (typeof body !== 'object' || body === null) {
    return {};
  }
  const { request_id: requestId, error_code: errorCode } = body as Record<string, unknown>;
  return {
    requestId: typeof requestId === 'string' ? requestId : undefined,
    errorCode: typeof errorCode === 'string' ? errorCode : undefined,
  };
}

/**
 * Writes `json`, a body already serialised as JSON (for example a static answer prepared once),
 * like {@link sendJson} writes an object; `facts` are its `request_id` and `error_code` for the
 * request log.
 */
export function sendJsonText(
  res: ServerResponse,
  status: number,
  json: string,
  headers: Record<string, string | number> = {},
  facts: SentBodyFacts = {},
): void {
  if (res.headersSent || res.writableEnded) {
    return;
  }
  if (facts.requestId !== undefined || facts.errorCode !== undefined) {
    (res as WithSentFacts)[SENT_FACTS] = facts;
  }
  // A string body goes out in one write together with the head; a Buffer would take two.
  res.writeHead(status, {
    'Content-Type': JSON_CONTENT_TYPE,
    ...headers,
    'Content-Length': Buffer.byteLength(json),
  });
  res.end(json);
}

/** Writes an {@link ErrorResponse}: its `error.status`, its headers, the error object as the body. */
export function sendApiError(res: ServerResponse, response: ErrorResponse): void {
  sendJson(res, response.error.status, response.error, response.headers);
}

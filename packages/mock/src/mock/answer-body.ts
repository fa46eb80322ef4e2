/**
 * The body the mock sends for an answer of the engine: the spec's examples all carry the same
 * `request_id`, and the mock answers each request with its own, as the API does, so that a log or a
 * support request can tell two responses apart; an error example's `documentation_url` follows the
 * server's docs setting (`--docs-url`), as the mock's own errors do. A static answer is serialised
 * once ({@link prepareAnswer}); each request then only splices in its `request_id`.
 */
import type { ServerResponse } from 'node:http';
import { type ErrorType, errorDocumentationUrl, type SentBodyFacts, sendJson, sendJsonText } from '@svc/server-kit';

/** `body` with `request_id` replaced by `requestId` and `documentation_url` following the docs setting. */
export function withOwnIds(body: unknown, requestId: string): unknown {
  if (!hasRequestId(body)) {
    return body;
  }
  const own: Record<string, unknown> = { ...body, request_id: requestId };
  if (rewritesDocumentationUrl(own)) {
    own.documentation_url = errorDocumentationUrl(own.error_type as ErrorType, String(own.error_code ?? ''));
  }
  return own;
}

/** Sends an answer for one request: `status`, `headers` and the body of {@link withOwnIds}. */
export type PreparedAnswer = (res: ServerResponse, requestId: string) => void;

/**
 * Prepares the sending of an answer that is the same for every request but its `request_id`:
 * the JSON text is made once, around the place of the `request_id`, and each request writes
 * exactly what `sendJson(res, status, withOwnIds(body, requestId), headers)` would. A body whose
 * `documentation_url` follows the docs setting (an error example; the setting may change while
 * the process runs) is serialised per request instead.
 */
export function prepareAnswer(status: number, headers: Record<string, string>, body: unknown): PreparedAnswer {
  if (!hasRequestId(body)) {
    const text = JSON.stringify(body);
    const facts: SentBodyFacts = { errorCode: errorCodeOf(body) };
    return (res) => sendJsonText(res, status, text, headers, facts);
  }
  if (rewritesDocumentationUrl(body)) {
    return (res, requestId) => sendJson(res, status, withOwnIds(body, requestId), headers);
  }
  const marker = 'svc-mock-request-id-placeholder';
  const parts = JSON.stringify({ ...body, request_id: marker }).split(JSON.stringify(marker));
  const [before, after] = parts;
  if (parts.length !== 2 || before === undefined || after === undefined) {
    // The marker occurs elsewhere in the body too: no safe splice.
    return (res, requestId) => sendJson(res, status, withOwnIds(body, requestId), headers);
  }
  const errorCode = errorCodeOf(body);
  return (res, requestId) =>
    sendJsonText(res, status, `${before}${JSON.stringify(requestId)}${after}`, headers, { requestId, errorCode });
}

function hasRequestId(body: unknown): body is Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body) && 'request_id' in body;
}

function rewritesDocumentationUrl(body: Record<string, unknown>): boolean {
  return typeof body.documentation_url === 'string' && typeof body.error_type === 'string';
}

/** The `error_code` of a body, for the request log (as `sendJson` reads it). */
function errorCodeOf(body: unknown): string | undefined {
  const code = typeof body === 'object' && body !== null ? (body as Record<string, unknown>).error_code : undefined;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Reads a request body that must be a JSON object, rejecting everything else with the API's
 * errors: 415 `INVALID_CONTENT_TYPE`, 413 `BODY_TOO_LARGE`, 400 `INVALID_BODY` (empty, not UTF-8,
 * not JSON, not an object). It always settles: a client that stops sending gets no answer but
 * never leaves a pending promise behind.
 */
import type { IncomingMessage } from 'node:http';
import { createApiError, type ErrorResponse } from './api-error.js';

/** Default largest body accepted: 1 MiB. The API's largest valid requests are a few kilobytes. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/** Options of {@link readJsonObjectBody}. */
export interface ReadBodyOptions {
  /** Largest body accepted, in bytes. Default {@link DEFAULT_BODY_LIMIT_BYTES}. */
  limitBytes?: number;
  /** The request id to put in an error. */
  requestId?: string;
}

/** A body read and parsed, or the error response that says why not. */
export type BodyResult =
  | { ok: true; body: Record<string, unknown>; byteLength: number }
  | { ok: false; response: ErrorResponse };

/** Whether `contentType` is `application/json` (any case, optional `charset=utf-8`). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (!contentType) {
    return false;
  }
  const [mediaType = '', ...parameters] = contentType.split(';').map((part) => part.trim().toLowerCase());
  if (mediaType !== 'application/json') {
    return false;
  }
  return parameters.every((parameter) => {
    const [name, value = ''] = parameter.split('=').map((part) => part.trim());
    return name !== 'charset' || ['utf-8', 'utf8', '"utf-8"'].includes(value);
  });
}

/** Whether the request announces a body (a non-zero `Content-Length` or a `Transfer-Encoding`). */
export function hasBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  if (length !== undefined) {
    return Number(length) > 0;
  }
  return req.headers['transfer-encoding'] !== undefined;
}

/**
 * Reads `req` as a JSON object. Checks in this order: an empty body, the content type, the
 * announced length, then the bytes as they arrive (a body that grows past the limit is cut off),
 * UTF-8, JSON syntax, and that the value is an object.
 */
export async function readJsonObjectBody(req: IncomingMessage, options: ReadBodyOptions = {}): Promise<BodyResult> {
  const limit = options.limitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const { requestId } = options;
  if (!hasBody(req)) {
    req.resume();
    return failure(emptyBodyError(requestId));
  }
  const contentType = req.headers['content-type'];
  if (!isJsonContentType(contentType)) {
    req.resume();
    return failure(
      invalidRequest(
        415,
        'INVALID_CONTENT_TYPE',
        contentType
          ? `the body must be sent as application/json, not ${contentType}`
          : 'the body must be sent as application/json, but the Content-Type header is missing',
        requestId,
        'Send the header Content-Type: application/json with a JSON object body.',
      ),
    );
  }
  const announced = Number(req.headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) {
    return failure(tooLargeError(limit, requestId), { Connection: 'close' });
  }

  const read = await collect(req, limit);
  if (read.kind === 'too-large') {
    return failure(tooLargeError(limit, requestId), { Connection: 'close' });
  }
  if (read.kind === 'aborted') {
    return failure(invalidRequest(400, 'INVALID_BODY', 'the request body was not received completely', requestId));
  }
  if (read.bytes.length === 0) {
    return failure(emptyBodyError(requestId));
  }
  return parseJsonObject(read.bytes, requestId);
}

/** Parses UTF-8 bytes as a JSON object, or returns the 400 `INVALID_BODY` that says what is wrong. */
export function parseJsonObject(bytes: Uint8Array, requestId?: string): BodyResult {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return failure(invalidRequest(400, 'INVALID_BODY', 'the request body is not valid UTF-8', requestId));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    return failure(
      invalidRequest(
        400,
        'INVALID_BODY',
        `the request body is not valid JSON: ${detail}`,
        requestId,
        'Send a JSON object, for example {"access_token": "…"}.',
      ),
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return failure(
      invalidRequest(400, 'INVALID_BODY', `the request body must be a JSON object, not ${kind}`, requestId),
    );
  }
  return { ok: true, body: value as Record<string, unknown>, byteLength: bytes.length };
}

type Collected = { kind: 'complete'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'aborted' };

/** Buffers the body up to `limit` bytes; past it, stops buffering (Node discards the rest). */
function collect(req: IncomingMessage, limit: number): Promise<Collected> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const finish = (result: Collected) => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onAbort);
      req.off('close', onClose);
      resolve(result);
    };
    const onData = (chunk: Buffer) => {
      total += chunk.length;
      if (total > limit) {
        finish({ kind: 'too-large' });
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => finish({ kind: 'complete', bytes: Buffer.concat(chunks, total) });
    const onAbort = () => finish({ kind: 'aborted' });
    const onClose = () => {
      if (!req.complete) {
        finish({ kind: 'aborted' });
      }
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onAbort);
    req.on('close', onClose);
  });
}

function failure(error: ErrorResponse['error'], headers?: Record<string, string>): BodyResult {
  return { ok: false, response: headers ? { error, headers } : { error } };
}

function invalidRequest(
  status: number,
  errorCode: string,
  message: string,
  requestId: string | undefined,
  suggestedAction?: string,
) {
  return createApiError({ status, errorType: 'INVALID_REQUEST', errorCode, message, requestId, suggestedAction });
}

function emptyBodyError(requestId: string | undefined) {
  return invalidRequest(
    400,
    'INVALID_BODY',
    'the request body is empty; every operation takes a JSON object',
    requestId,
    'Send a JSON object body with Content-Type: application/json ({} when the operation needs no field).',
  );
}

function tooLargeError(limit: number, requestId: string | undefined) {
  return invalidRequest(
    413,
    'BODY_TOO_LARGE',
    `the request body is larger than ${limit} bytes, the most this server accepts`,
    requestId,
    'Send a smaller body: valid requests of this API are a few kilobytes.',
  );
}

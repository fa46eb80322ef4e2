/**
 * Reads a request body that must be a JSON object, rejecting everything else with the API's
 * errors: 415 `INVALID_CONTENT_TYPE`, 413 `BODY_TOO_LARGE`, 400 `INVALID_BODY` (empty, not UTF-8,
 * not JSON, not an object, or beyond the {@link DEFAULT_JSON_LIMITS} on nesting and size) and 400
 * `INVALID_FIELD` (a number too large for a double, such as `1e400`, or a string with a NUL or an
 * unpaired surrogate, which PostgreSQL cannot store). It always settles: a client
 * that stops sending gets no answer but never leaves a pending promise behind. No error quotes the
 * body: a syntax error is located by line and column.
 */
import type { IncomingMessage } from 'node:http';
import { type ApiErrorCause, createApiError, type ErrorResponse } from './api-error.js';
import {
  checkJsonLimits,
  DEFAULT_JSON_LIMITS,
  type JsonLimitProblem,
  type JsonLimits,
  jsonTextHasNoUnicodeEscape,
} from './json-limits.js';
import { describeJsonPosition, findJsonSyntaxError } from './json-syntax.js';
import { JSON_CONTENT_TYPE } from './send-json.js';
import { formatFieldPath } from './validation-error.js';

/** One strict UTF-8 decoder for every body: building one costs more than decoding a small body. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** Default largest body accepted: 1 MiB. The API's largest valid requests are a few kilobytes. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Most bytes of a too-large body read and thrown away before the 413 is sent, and for how long:
 * a client that is still sending when the server closes the connection gets a broken pipe instead
 * of the answer, so a body up to this size is received in full first. Larger ones are answered at
 * once.
 */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;
const DRAIN_TIMEOUT_MS = 5_000;

/** Options of {@link readJsonObjectBody}. */
export interface ReadBodyOptions {
  /** Largest body accepted, in bytes. Default {@link DEFAULT_BODY_LIMIT_BYTES}. */
  limitBytes?: number;
  /** The request id to put in an error. */
  requestId?: string;
  /** Limits on nesting and size of the parsed body. Default {@link DEFAULT_JSON_LIMITS}. */
  jsonLimits?: JsonLimits;
}

/** A body read and parsed, or the error response that says why not. */
export type BodyResult =
  | { ok: true; body: Record<string, unknown>; byteLength: number }
  | { ok: false; response: ErrorResponse };

/** Whether `contentType` is `application/json` (any case, optional `charset=utf-8`). */
export function isJsonContentType(contentType: string | undefined): boolean {
  if (contentType === JSON_CONTENT_TYPE) {
    return true;
  }
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
export function readJsonObjectBody(req: IncomingMessage, options: ReadBodyOptions = {}): Promise<BodyResult> {
  return new Promise((resolve, reject) => readJsonObjectBodyThen(req, options, resolve, reject));
}

/**
 * {@link readJsonObjectBody} handing its result to `done` rather than to a promise, and what it
 * (or `done`) throws once the body has come to `fail`: a caller that settles a promise of its own
 * (`acceptRequest`) spares a promise and a turn of the microtask queue per request.
 */
export function readJsonObjectBodyThen(
  req: IncomingMessage,
  options: ReadBodyOptions,
  done: (result: BodyResult) => void,
  fail: (error: unknown) => void,
): void {
  const limit = options.limitBytes ?? DEFAULT_BODY_LIMIT_BYTES;
  const { requestId } = options;
  if (!hasBody(req)) {
    req.resume();
    done(failure(emptyBodyError(requestId)));
    return;
  }
  const contentType = req.headers['content-type'];
  if (!isJsonContentType(contentType)) {
    req.resume();
    done(
      failure(
        invalidRequest(
          'INVALID_CONTENT_TYPE',
          contentType
            ? `the body must be sent as application/json, not ${contentType}`
            : 'the body must be sent as application/json, but the Content-Type header is missing',
          requestId,
          'Send the header Content-Type: application/json with a JSON object body.',
        ),
      ),
    );
    return;
  }
  const announced = Number(req.headers['content-length']);
  if (Number.isFinite(announced) && announced > limit) {
    const tooLarge = () => done(failure(tooLargeError(limit, requestId), { Connection: 'close' }));
    if (announced <= DRAIN_LIMIT_BYTES) {
      drain(req, announced).then(tooLarge).catch(fail);
    } else {
      tooLarge();
    }
    return;
  }
  collect(req, limit, (read) => {
    // Called from a stream event: nothing may throw out of it.
    try {
      if (read.kind === 'too-large') {
        drain(req, DRAIN_LIMIT_BYTES)
          .then(() => done(failure(tooLargeError(limit, requestId), { Connection: 'close' })))
          .catch(fail);
        return;
      }
      if (read.kind === 'aborted') {
        done(failure(invalidRequest('INVALID_BODY', 'the request body was not received completely', requestId)));
        return;
      }
      if (read.bytes.length === 0) {
        done(failure(emptyBodyError(requestId)));
        return;
      }
      done(parseJsonObject(read.bytes, requestId, options.jsonLimits));
    } catch (error) {
      fail(error);
    }
  });
}

/**
 * Parses UTF-8 bytes as a JSON object within `limits`, or returns the 400 that says what is
 * wrong: `INVALID_BODY`, or `INVALID_FIELD` for a number out of a double's range.
 */
export function parseJsonObject(
  bytes: Uint8Array,
  requestId?: string,
  limits: JsonLimits = DEFAULT_JSON_LIMITS,
): BodyResult {
  let text: string;
  try {
    text = UTF8.decode(bytes);
  } catch {
    return failure(invalidRequest('INVALID_BODY', 'the request body is not valid UTF-8', requestId));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    // JSON.parse's message quotes the text around the error, which may be part of a secret.
    const syntax = findJsonSyntaxError(text);
    const where = syntax ? `${syntax.reason} at ${describeJsonPosition(syntax)}` : 'a syntax error';
    return failure(
      invalidRequest(
        'INVALID_BODY',
        `the request body is not valid JSON: ${where}`,
        requestId,
        'Send a JSON object, for example {"access_token": "…"}.',
      ),
    );
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    const kind = value === null ? 'null' : Array.isArray(value) ? 'an array' : `a ${typeof value}`;
    return failure(invalidRequest('INVALID_BODY', `the request body must be a JSON object, not ${kind}`, requestId));
  }
  const problem = checkJsonLimits(value, limits, jsonTextHasNoUnicodeEscape(text));
  if (problem) {
    return failure(limitError(problem, requestId));
  }
  return { ok: true, body: value as Record<string, unknown>, byteLength: bytes.length };
}

/** Most leading field names a nesting error names (valid requests nest 5 levels at most). */
const NAMED_DEPTH = 5;

/** The 400 of a broken {@link JsonLimits} limit or an out-of-range number, naming the field. */
function limitError(problem: JsonLimitProblem, requestId: string | undefined) {
  const field = problem.kind === 'depth' ? nestingField(problem.path) : formatFieldPath(problem.path);
  const subject = field === '' ? 'the request body' : field;
  const causeOf = (errorCode: string, message: string): ApiErrorCause[] => [
    {
      error_type: 'INVALID_REQUEST',
      error_code: errorCode,
      error_message: message,
      ...(field === '' ? {} : { field }),
      location: 'body',
    },
  ];
  if (problem.kind === 'unstorable-string') {
    const message =
      problem.in === 'name'
        ? `${field === '' ? 'the request body' : field} has a field name with a character this API does not accept: U+0000 (NUL) or an unpaired UTF-16 surrogate`
        : `${subject} contains a character this API does not accept: U+0000 (NUL) or an unpaired UTF-16 surrogate`;
    return createApiError({
      errorType: 'INVALID_REQUEST',
      errorCode: 'INVALID_FIELD',
      message,
      requestId,
      causes: causeOf('INVALID_FIELD', message),
      suggestedAction: 'Remove the NUL character (\\u0000) or the unpaired surrogate (\\ud800-\\udfff) from the text.',
    });
  }
  if (problem.kind === 'number-out-of-range') {
    const message = `${subject} is a number out of range: it is too large to be represented (JSON numbers must fit a 64-bit double)`;
    return createApiError({
      errorType: 'INVALID_REQUEST',
      errorCode: 'INVALID_FIELD',
      message,
      requestId,
      causes: causeOf('INVALID_FIELD', message),
      suggestedAction: 'Send the number within the range the field allows.',
    });
  }
  const message =
    problem.kind === 'depth'
      ? `${subject} nests objects or arrays deeper than ${problem.limit} levels, the most this server reads`
      : problem.kind === 'object-keys'
        ? `${subject} has ${problem.size} fields; this server reads at most ${problem.limit} in one object`
        : problem.kind === 'array-items'
          ? `${subject} has ${problem.size} items; this server reads at most ${problem.limit} in one array`
          : `the request body has more than ${problem.limit} values (fields and array items, nested ones included), the most this server reads`;
  return createApiError({
    errorType: 'INVALID_REQUEST',
    errorCode: 'INVALID_BODY',
    message,
    requestId,
    causes: problem.kind === 'values' ? [] : causeOf('INVALID_BODY', message),
    suggestedAction: 'Send the request as the API reference describes it: valid requests are small and shallow.',
  });
}

/** The field a too-deep value is in: its leading field names, up to the first array index. */
function nestingField(path: readonly (string | number)[]): string {
  const names: string[] = [];
  for (const segment of path) {
    if (typeof segment !== 'string' || names.length === NAMED_DEPTH) {
      break;
    }
    names.push(segment);
  }
  return formatFieldPath(names);
}

type Collected = { kind: 'complete'; bytes: Buffer } | { kind: 'too-large' } | { kind: 'aborted' };

/** Buffers the body up to `limit` bytes; past it, stops buffering (Node discards the rest). */
function collect(req: IncomingMessage, limit: number, resolve: (result: Collected) => void): void {
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
}

/**
 * Reads and discards the rest of `req` until it ends, `limit` more bytes have come, the client
 * goes away, or {@link DRAIN_TIMEOUT_MS} has passed, whichever is first.
 */
function drain(req: IncomingMessage, limit: number): Promise<void> {
  if (req.complete || req.destroyed) {
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    let received = 0;
    const finish = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', finish);
      req.off('close', finish);
      req.off('error', finish);
      req.pause();
      resolve();
    };
    const onData = (chunk: Buffer) => {
      received += chunk.length;
      if (received > limit) {
        finish();
      }
    };
    const timer = setTimeout(finish, DRAIN_TIMEOUT_MS);
    req.on('data', onData);
    req.on('end', finish);
    req.on('close', finish);
    req.on('error', finish);
    req.resume();
  });
}

function failure(error: ErrorResponse['error'], headers?: Record<string, string>): BodyResult {
  return { ok: false, response: headers ? { error, headers } : { error } };
}

function invalidRequest(errorCode: string, message: string, requestId: string | undefined, suggestedAction?: string) {
  return createApiError({ errorType: 'INVALID_REQUEST', errorCode, message, requestId, suggestedAction });
}

function emptyBodyError(requestId: string | undefined) {
  return invalidRequest(
    'INVALID_BODY',
    'the request body is empty; every operation takes a JSON object',
    requestId,
    'Send a JSON object body with Content-Type: application/json ({} when the operation needs no field).',
  );
}

function tooLargeError(limit: number, requestId: string | undefined) {
  return invalidRequest(
    'BODY_TOO_LARGE',
    `the request body is larger than ${limit} bytes, the most this server accepts`,
    requestId,
    'Send a smaller body: valid requests of this API are a few kilobytes.',
  );
}

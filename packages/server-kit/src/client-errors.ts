/**
 * Requests that Node's HTTP parser rejects before a server sees them (a bad `Content-Length`,
 * `Content-Length` with `Transfer-Encoding`, a CR or NUL in a header, headers over the size
 * limit, an unknown method, a request not received in time) answered with the API's error object
 * instead of Node's empty `400 Bad Request`, then the connection closed.
 */
import { type IncomingMessage, maxHeaderSize, type Server, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { type ApiError, createApiError } from './api-error.js';
import { JSON_CONTENT_TYPE, sendApiError } from './send-json.js';

/** How long a rejected connection may take to receive its answer before it is destroyed. */
const CLOSE_GRACE_MS = 1000;

/** A parser error and its answer; `status` and `errorCode` follow the API's error catalogue. */
interface ClientErrorAnswer {
  status: number;
  errorCode: string;
  message: string;
  headers?: Record<string, string>;
}

const HEADER_PROBLEMS: Readonly<Record<string, string>> = {
  HPE_INVALID_HEADER_TOKEN:
    'a request header has a name or value with a character HTTP does not allow (a NUL, a CR, or a space in a name)',
  HPE_INVALID_CONTENT_LENGTH: 'the Content-Length header is not a valid length',
  HPE_UNEXPECTED_CONTENT_LENGTH:
    'the Content-Length header is sent more than once, or together with Transfer-Encoding; send exactly one of them',
  HPE_INVALID_TRANSFER_ENCODING:
    'the Transfer-Encoding header is sent together with Content-Length, or does not end with chunked',
};

/**
 * The answer to a parser error `code` (Node's `HPE_*` codes and `ERR_HTTP_REQUEST_TIMEOUT`).
 * `limits` only words the messages.
 */
export function clientErrorAnswer(
  code: string,
  limits: { maxHeaderSize?: number; requestTimeoutMs?: number } = {},
): ClientErrorAnswer {
  const headerProblem = HEADER_PROBLEMS[code];
  if (headerProblem) {
    return { status: 400, errorCode: 'INVALID_HEADERS', message: headerProblem };
  }
  switch (code) {
    case 'HPE_HEADER_OVERFLOW':
      return {
        status: 431,
        errorCode: 'HEADERS_TOO_LARGE',
        message: `the request headers are larger than ${limits.maxHeaderSize ?? 16384} bytes in all, the most this server accepts`,
      };
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return {
        status: 408,
        errorCode: 'REQUEST_TIMEOUT',
        message: `the request was not received completely within ${Math.round((limits.requestTimeoutMs ?? 300_000) / 1000)} s`,
      };
    case 'HPE_INVALID_METHOD':
      return {
        status: 405,
        errorCode: 'METHOD_NOT_ALLOWED',
        message: 'the request method is not one this server knows; every operation is a POST',
        headers: { Allow: 'POST, OPTIONS' },
      };
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return {
        status: 413,
        errorCode: 'BODY_TOO_LARGE',
        message: 'the chunk extensions of the request body are larger than this server accepts',
      };
    case 'HPE_INVALID_CHUNK_SIZE':
    case 'HPE_INVALID_EOF_STATE':
      return {
        status: 400,
        errorCode: 'INVALID_BODY',
        message: 'the chunked request body is not framed correctly (chunk sizes in hexadecimal, lines ended by CR LF)',
      };
    default:
      return {
        status: 400,
        errorCode: 'MALFORMED_REQUEST',
        message:
          'the request is not valid HTTP/1.1: the request line, a header line or the framing of the body cannot be read (lines must end with CR LF)',
      };
  }
}

/** The {@link ApiError} of a parser error `code`, with a new request id. */
export function clientErrorBody(
  code: string,
  limits?: { maxHeaderSize?: number; requestTimeoutMs?: number },
): { error: ApiError; headers?: Record<string, string> } {
  const answer = clientErrorAnswer(code, limits);
  const error = createApiError({
    status: answer.status,
    errorType: 'INVALID_REQUEST',
    errorCode: answer.errorCode,
    message: answer.message,
    suggestedAction: 'Send a well-formed HTTP/1.1 POST with a JSON body, as an HTTP library does.',
  });
  return answer.headers ? { error, headers: answer.headers } : { error };
}

/**
 * Answers every request Node's HTTP parser rejects on `server` with the API's error object (and a
 * `request_id`), then closes the connection; the same cases Node's default handler answers with
 * an empty `400`, `408` or `431`. Nothing is written when no answer is possible (the connection
 * was reset, or a response to the request has already begun). The answer never quotes the
 * request.
 */
export function handleClientErrors(server: Server): void {
  server.on('clientError', (error: Error & { code?: string }, socket: Duplex) => {
    // As Node's own handler: write only when nothing of a response has been written yet.
    const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
    if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
      socket.destroy();
      return;
    }
    const { error: body, headers } = clientErrorBody(error.code ?? '', {
      maxHeaderSize: (server as Server & { maxHeaderSize?: number }).maxHeaderSize ?? maxHeaderSize,
      requestTimeoutMs: server.requestTimeout,
    });
    socket.end(rawResponse(body, headers), () => socket.destroy());
    setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
  });
}

/** The answer to a `CONNECT` request: this server is no proxy. */
export function connectError(): { error: ApiError; headers: Record<string, string> } {
  return {
    error: createApiError({
      errorType: 'INVALID_REQUEST',
      errorCode: 'METHOD_NOT_ALLOWED',
      message: 'CONNECT is not supported: this server is no proxy, and every operation is a POST',
      suggestedAction: 'Send a POST to an operation path of the API.',
    }),
    headers: { Allow: 'POST, OPTIONS' },
  };
}

/** The answer to an `Expect` header other than `100-continue`. */
export function expectationError(): ApiError {
  return createApiError({
    errorType: 'INVALID_REQUEST',
    errorCode: 'INVALID_HEADERS',
    message:
      'the Expect header asks for something this server does not do: the only expectation it meets is 100-continue',
    causes: [
      {
        error_type: 'INVALID_REQUEST',
        error_code: 'INVALID_HEADERS',
        error_message: 'Expect must be 100-continue, or not sent',
        header: 'Expect',
        location: 'header',
      },
    ],
    suggestedAction: 'Send the request without the Expect header, or with Expect: 100-continue.',
  });
}

/**
 * Answers, with the API's error object, the requests Node would otherwise answer itself or drop:
 * an `Expect` other than `100-continue` (Node sends an empty `417`) gets the 400
 * `INVALID_HEADERS` of {@link expectationError}, and a `CONNECT` (Node closes the socket without a
 * word) the 405 of {@link connectError}, then its connection is closed.
 */
export function handleUnservedRequests(server: Server): void {
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    sendApiError(res, { error: expectationError(), headers: { Connection: 'close' } });
  });
  server.on('connect', (_req: IncomingMessage, socket: Duplex) => {
    const { error, headers } = connectError();
    socket.on('error', () => socket.destroy());
    socket.end(rawResponse(error, headers), () => socket.destroy());
    setTimeout(() => socket.destroy(), CLOSE_GRACE_MS).unref();
  });
}

function rawResponse(body: ApiError, headers: Record<string, string> = {}): Buffer {
  const payload = Buffer.from(JSON.stringify(body));
  const lines = [
    `HTTP/1.1 ${body.status} ${STATUS_CODES[body.status] ?? 'Error'}`,
    `Content-Type: ${JSON_CONTENT_TYPE}`,
    `Content-Length: ${payload.length}`,
    'Connection: close',
    ...Object.entries(headers).map(([name, value]) => `${name}: ${value}`),
  ];
  return Buffer.concat([Buffer.from(`${lines.join('\r\n')}\r\n\r\n`), payload]);
}

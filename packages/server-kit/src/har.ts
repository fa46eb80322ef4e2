/**
 * HTTP Archive (HAR 1.2, http://www.softwareishard.com/blog/har-12-spec/) written from JSON
 * exchanges: the one shape the sandbox's inspector exports a client's requests in and the contract
 * suite records its runs in, so that tools reading traffic (`redocly drift`, browsers' developer
 * tools) read both. Only what these exchanges have is written: no cookies, no query string, sizes
 * of headers unknown (-1).
 */
import { STATUS_CODES } from 'node:http';

/** A header or another name/value pair of a HAR entry. */
export interface HarHeader {
  name: string;
  value: string;
}

/** The request of a HAR entry. */
export interface HarRequest {
  method: string;
  url: string;
  httpVersion: string;
  cookies: HarHeader[];
  headers: HarHeader[];
  queryString: HarHeader[];
  postData?: { mimeType: string; text: string };
  headersSize: number;
  bodySize: number;
}

/** The response of a HAR entry. */
export interface HarResponse {
  status: number;
  statusText: string;
  httpVersion: string;
  cookies: HarHeader[];
  headers: HarHeader[];
  content: { size: number; mimeType: string; text?: string };
  redirectURL: string;
  headersSize: number;
  bodySize: number;
}

/** One exchange of a HAR log; fields named with a leading `_` are the writer's own. */
export interface HarEntry {
  startedDateTime: string;
  time: number;
  request: HarRequest;
  response: HarResponse;
  cache: Record<string, never>;
  timings: { send: number; wait: number; receive: number };
  comment?: string;
  [custom: `_${string}`]: unknown;
}

/** A HAR document. */
export interface HarDocument {
  log: {
    version: '1.2';
    creator: { name: string; version: string };
    entries: HarEntry[];
    comment?: string;
  };
}

/** One exchange as a writer of HAR knows it. */
export interface HarExchange {
  /** When the request started. */
  startedAt: Date;
  /** How long the exchange took, in ms. */
  durationMs: number;
  method: string;
  /** The absolute URL of the request. */
  url: string;
  requestHeaders?: Readonly<Record<string, string>>;
  /** The request body as sent (text); absent for none. */
  requestBody?: string;
  /** The response status; 0 when no response arrived. */
  status: number;
  responseHeaders?: Readonly<Record<string, string>>;
  /** The response body as received (text); absent for none. */
  responseBody?: string;
  comment?: string;
  /** The writer's own fields (each name gets a leading `_`). */
  custom?: Readonly<Record<string, unknown>>;
}

/** The media type of `headers` (case-insensitive `Content-Type`), or `fallback`. */
function mediaTypeOf(headers: Readonly<Record<string, string>> | undefined, fallback: string): string {
  const found = Object.entries(headers ?? {}).find(([name]) => name.toLowerCase() === 'content-type');
  return found?.[1] ?? fallback;
}

/** `headers` as HAR name/value pairs, in their order. */
function pairs(headers: Readonly<Record<string, string>> | undefined): HarHeader[] {
  return Object.entries(headers ?? {}).map(([name, value]) => ({ name, value }));
}

/** The HAR entry of `exchange`. */
export function harEntry(exchange: HarExchange): HarEntry {
  const requestBytes = exchange.requestBody === undefined ? 0 : Buffer.byteLength(exchange.requestBody);
  const responseBytes = exchange.responseBody === undefined ? 0 : Buffer.byteLength(exchange.responseBody);
  const entry: HarEntry = {
    startedDateTime: exchange.startedAt.toISOString(),
    time: exchange.durationMs,
    request: {
      method: exchange.method,
      url: exchange.url,
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(exchange.requestHeaders),
      queryString: [...new URL(exchange.url).searchParams].map(([name, value]) => ({ name, value })),
      ...(exchange.requestBody === undefined
        ? {}
        : {
            postData: {
              mimeType: mediaTypeOf(exchange.requestHeaders, 'application/json'),
              text: exchange.requestBody,
            },
          }),
      headersSize: -1,
      bodySize: requestBytes,
    },
    response: {
      status: exchange.status,
      statusText: STATUS_CODES[exchange.status] ?? '',
      httpVersion: 'HTTP/1.1',
      cookies: [],
      headers: pairs(exchange.responseHeaders),
      content: {
        size: responseBytes,
        mimeType: mediaTypeOf(
          exchange.responseHeaders,
          exchange.responseBody === undefined ? 'x-unknown' : 'application/json',
        ),
        ...(exchange.responseBody === undefined ? {} : { text: exchange.responseBody }),
      },
      redirectURL: '',
      headersSize: -1,
      bodySize: exchange.status === 0 ? -1 : responseBytes,
    },
    cache: {},
    timings: { send: 0, wait: exchange.durationMs, receive: 0 },
    ...(exchange.comment === undefined ? {} : { comment: exchange.comment }),
  };
  for (const [name, value] of Object.entries(exchange.custom ?? {})) {
    entry[`_${name}`] = value;
  }
  return entry;
}

/** A HAR document of `entries`, written by `creator`. */
export function harDocument(entries: HarEntry[], creator: { name: string; version: string }): HarDocument {
  return { log: { version: '1.2', creator, entries } };
}

/**
 * Calls a request listener in-process, with no socket: for tests of a server's answers where a
 * connection adds nothing but time. The listener sees a real `IncomingMessage` and writes to a
 * real `ServerResponse` whose head and body are captured instead of sent.
 */
import { IncomingMessage, type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import type { RequestListener } from './request-core.js';

/** A request for {@link inject}. */
export interface InjectedRequest {
  method?: string;
  /** Path and query, e.g. `/item/remove`. */
  url: string;
  headers?: Record<string, string>;
  /** A string or bytes as they are; anything else as JSON (with `Content-Type: application/json`). */
  body?: unknown;
}

/** What the listener answered. */
export interface InjectedResponse {
  status: number;
  /** Header names in lower case. */
  headers: OutgoingHttpHeaders;
  body: string;
  /** The body parsed as JSON. */
  json(): unknown;
}

type Chunk = string | Uint8Array;

class CapturedResponse extends ServerResponse {
  readonly chunks: Buffer[] = [];
  private readonly done: () => void;

  constructor(req: IncomingMessage, done: () => void) {
    super(req);
    this.done = done;
  }

  override writeHead(status: number, ...rest: unknown[]): this {
    const headers = rest.find((item) => typeof item === 'object' && item !== null) as OutgoingHttpHeaders | undefined;
    for (const [name, value] of Object.entries(headers ?? {})) {
      if (value !== undefined) {
        this.setHeader(name, value);
      }
    }
    this.statusCode = status;
    return this;
  }

  private capture(chunk: Chunk | undefined, encoding?: unknown): void {
    if (chunk !== undefined && chunk !== null) {
      this.chunks.push(
        typeof chunk === 'string' ? Buffer.from(chunk, (encoding as BufferEncoding) ?? 'utf8') : Buffer.from(chunk),
      );
    }
  }

  override write(chunk: Chunk, ...rest: unknown[]): boolean {
    this.capture(chunk, typeof rest[0] === 'string' ? rest[0] : undefined);
    const callback = rest.find((item) => typeof item === 'function') as (() => void) | undefined;
    callback?.();
    return true;
  }

  override end(...args: unknown[]): this {
    if (this.writableEnded) {
      return this;
    }
    const [chunk, encoding] = args;
    if (typeof chunk === 'string' || chunk instanceof Uint8Array) {
      this.capture(chunk, typeof encoding === 'string' ? encoding : undefined);
    }
    // What a socket would do: the head is sent, the message finished, the exchange closed.
    // (`headersSent` reads Node's internal `_header`.)
    const internal = this as unknown as { _header?: string | null; finished: boolean };
    internal._header ??= 'captured';
    internal.finished = true;
    this.emit('finish');
    this.emit('close');
    this.done();
    return this;
  }
}

/**
 * Calls `listener` with `request` and resolves with its response once it has ended. Each call
 * goes through the same code as a request over a socket, from the first header check to the log.
 */
export function inject(listener: RequestListener, request: InjectedRequest): Promise<InjectedResponse> {
  const socket = new Socket();
  const req = new IncomingMessage(socket);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers ?? {})) {
    headers[name.toLowerCase()] = value;
  }
  // An in-process call comes from this machine, as a request to a local server names it.
  headers.host ??= 'localhost';
  let payload: Buffer | undefined;
  if (request.body !== undefined) {
    payload =
      typeof request.body === 'string' || request.body instanceof Uint8Array
        ? Buffer.from(request.body)
        : Buffer.from(JSON.stringify(request.body));
    headers['content-type'] ??= 'application/json';
    headers['content-length'] = String(payload.length);
  }
  req.method = (request.method ?? (payload ? 'POST' : 'GET')).toUpperCase();
  req.url = request.url;
  req.headers = headers;
  req.rawHeaders = Object.entries(headers).flat();
  if (payload) {
    req.push(payload);
  }
  req.push(null);
  return new Promise((resolve) => {
    const res: CapturedResponse = new CapturedResponse(req, () => {
      const body = Buffer.concat(res.chunks).toString('utf8');
      resolve({ status: res.statusCode, headers: res.getHeaders(), body, json: () => JSON.parse(body) });
    });
    listener(req, res);
  });
}

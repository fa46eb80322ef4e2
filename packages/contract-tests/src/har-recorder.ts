/**
 * Records the exchanges the contract runner makes, as HAR 1.2 (`harEntry` of `@svc/server-kit`),
 * so that a run's traffic can be checked and measured afterwards (`redocly drift`, its
 * `--coverage`). The recorder is a `fetch` the runner's clients and raw requests go through: each
 * request and response is read as sent and received. What the run authenticates with never
 * reaches the file: headers named like a credential (`SVC-SECRET`, any name ending in `secret`,
 * `token`, `password` or `api_key`: `isRedactedField` of the server kit) and every occurrence of
 * the given secrets in a body become `[redacted]`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { type HarDocument, type HarEntry, harDocument, harEntry, isRedactedField } from '@svc/server-kit';

/** What a redacted value becomes. */
export const REDACTED = '[redacted]';

/** The `fetch` the recorder wraps and offers: a `Request` in, a `Response` out. */
export type RecordingFetch = (request: Request, init?: { signal?: AbortSignal }) => Promise<Response>;

/** A running recorder. */
export interface HarRecorder {
  /** Sends the request with the wrapped fetch and records the exchange. */
  fetch: RecordingFetch;
  /** The exchanges recorded so far, in the order they started. */
  readonly entries: readonly HarEntry[];
  /** The recorded exchanges as a HAR document. */
  document(): HarDocument;
  /** Writes {@link HarRecorder.document} to `path` (its folder is created). */
  write(path: string): void;
}

/** Options of {@link createHarRecorder}. */
export interface HarRecorderOptions {
  /** Values never written (the run's secret). */
  secrets?: readonly string[];
  /** The fetch to wrap. Default: the global one. */
  fetch?: RecordingFetch;
  /** When an exchange starts (for `startedDateTime`). Default: now. */
  now?: () => Date;
}

/** The creator every HAR of the contract suite names. */
const CREATOR = { name: '@svc/contract-tests', version: '1' };

/** Starts a recorder. */
export function createHarRecorder(options: HarRecorderOptions = {}): HarRecorder {
  const base: RecordingFetch = options.fetch ?? ((request, init) => globalThis.fetch(request, init));
  const now = options.now ?? (() => new Date());
  const secrets = (options.secrets ?? []).filter((secret) => secret.length > 0);
  const slots: (HarEntry | undefined)[] = [];
  const hide = (text: string) => secrets.reduce((hidden, secret) => hidden.split(secret).join(REDACTED), text);
  const headersOf = (headers: Headers) => {
    const pairs: Record<string, string> = {};
    headers.forEach((value, name) => {
      pairs[name] = isRedactedField([name]) ? REDACTED : hide(value);
    });
    return pairs;
  };

  const recordingFetch: RecordingFetch = async (request, init) => {
    const slot = slots.push(undefined) - 1;
    const startedAt = now();
    const started = performance.now();
    const requestBody = request.body === null ? undefined : hide(await request.clone().text());
    const requestHeaders = headersOf(request.headers);
    const response = await base(request, init);
    const responseBody = await response.clone().text();
    slots[slot] = harEntry({
      startedAt,
      durationMs: Math.round((performance.now() - started) * 100) / 100,
      method: request.method,
      url: request.url,
      requestHeaders,
      ...(requestBody === undefined ? {} : { requestBody }),
      status: response.status,
      responseHeaders: headersOf(response.headers),
      ...(responseBody === '' ? {} : { responseBody: hide(responseBody) }),
    });
    return response;
  };

  const entries = () => slots.filter((entry): entry is HarEntry => entry !== undefined);
  return {
    fetch: recordingFetch,
    get entries() {
      return entries();
    },
    document: () => harDocument(entries(), CREATOR),
    write(path) {
      mkdirSync(dirname(path), { recursive: true });
      writeFileSync(path, `${JSON.stringify(harDocument(entries(), CREATOR), null, 1)}\n`);
    },
  };
}

/**
 * Loads Prism's HTTP engine (@stoplight/prism-http 5.16.0, the engine of the Prism 5.16.0 CLI)
 * as a library, with local types for the small part the mock drives: load the operations, create
 * an instance, run a request through validation and the mocker. Loaded lazily (0.5 to 1 s of
 * module loading) so that importing @svc/mock stays cheap.
 */
import { createRequire } from 'node:module';
import { type DeferredModule, lazyObject, requireDeferring } from './deferred-modules.js';

const require = createRequire(import.meta.url);

/** A validation finding of Prism: `path` starts with `body`, `header`, `query` or `path`. */
export interface PrismDiagnostic {
  path?: string[];
  code?: string | number;
  message: string;
  /** 0 error, 1 warning, 2 information, 3 hint. */
  severity: number;
}

/** Prism's severity of an error. */
export const PRISM_SEVERITY_ERROR = 0;

/** An example as Prism keeps it. */
export interface PrismExample {
  key: string;
  value?: unknown;
}

/** A response of an operation as Prism keeps it. */
export interface PrismOperationResponse {
  code: string;
  contents?: { mediaType: string; examples?: PrismExample[]; schema?: unknown }[];
  headers?: { name: string }[];
}

/** An operation as Prism keeps it (`iid` is the operationId). */
export interface PrismOperation {
  iid?: string;
  method: string;
  path: string;
  deprecated?: boolean;
  request?: { headers?: { name: string }[] };
  responses: PrismOperationResponse[];
  /** The operation's security requirements (its own, else the document's): each a set of schemes. */
  security?: PrismSecurityScheme[][];
}

/** A security scheme as Prism keeps it (`key`: its name in the document). */
export interface PrismSecurityScheme {
  key: string;
  type: string;
  /** For an API key: where it is sent and under which name. */
  in?: string;
  name?: string;
}

/** A request given to Prism; header names in lower case. */
export interface PrismRequest {
  method: string;
  url: { path: string; query?: Record<string, string | string[]> };
  headers?: Record<string, string>;
  body?: unknown;
}

/** A response Prism produced. */
export interface PrismResponse {
  statusCode: number;
  headers?: Record<string, string | number | boolean | null>;
  body?: unknown;
}

/** What one Prism request gives: the response and the findings on request and response. */
export interface PrismOutcome {
  output: PrismResponse;
  validations: { input: PrismDiagnostic[]; output: PrismDiagnostic[] };
}

/** Per-request choices of the mocker. */
export interface PrismMockConfig {
  dynamic: boolean;
  code?: number;
  exampleKey?: string;
}

/** Configuration of a Prism instance in mock mode. */
export interface PrismConfig {
  validateRequest: boolean;
  validateResponse: boolean;
  checkSecurity: boolean;
  errors: boolean;
  isProxy: false;
  upstreamProxy: undefined;
  mock: PrismMockConfig;
}

/** A failure Prism reports instead of a response (no route, undefined status or example, …). */
export interface PrismError extends Error {
  status?: number;
  detail?: string;
  /** With an invalid request to an operation that declares no 400/422: the findings, severity by name. */
  additional?: {
    validation?: { location?: string[]; severity: string; code?: string | number; message: string }[];
  };
}

type Either<L, R> = { _tag: 'Left'; left: L } | { _tag: 'Right'; right: R };

/** A Prism instance: `request` returns a lazy task (call it to run). */
export interface PrismInstance {
  request(
    input: PrismRequest,
    resources: readonly PrismOperation[],
    config?: PrismConfig,
  ): () => Promise<Either<PrismError, PrismOutcome>>;
}

/** Prism's logger interface, as far as prism-http calls it. */
export interface PrismLogger {
  child(bindings: object): PrismLogger;
  debug(...args: unknown[]): void;
  info(...args: unknown[]): void;
  success(...args: unknown[]): void;
  warn(...args: unknown[]): void;
  error(...args: unknown[]): void;
  fatal(...args: unknown[]): void;
  trace(...args: unknown[]): void;
}

/** The parts of @stoplight/prism-http the mock uses. */
export interface PrismHttp {
  version: string;
  createInstance(config: PrismConfig, components: { logger: PrismLogger }): PrismInstance;
  getHttpOperationsFromSpec(document: object): Promise<PrismOperation[]>;
  /** json-schema-faker's global options, shared with Prism's dynamic generator. */
  setFakerOption(name: string, value: unknown): void;
}

/**
 * Modules prism-http requires when it loads but runs only for some documents, loaded when first
 * used instead (measured on 2 cores: together over half of Prism's load time, 3,000 of its 3,500
 * module files):
 * - `@faker-js/faker` with all its locales (2,000 files), which its generator hands to
 *   json-schema-faker for the `faker` schema keyword only;
 * - the Postman collection reader (`postman-collection`, which loads another faker), for a
 *   document that is a Postman collection rather than an OpenAPI description;
 * - the conversion of a document into operations (a dereferencer and the OpenAPI 2 and 3
 *   readers: 120 files), which the bundled spec does not need: its operations are prepared at
 *   build time (`./prism-operations.ts`).
 * A specifier that does not resolve (another Prism version) is loaded as usual.
 */
const DEFERRED_PRISM_MODULES: readonly DeferredModule[] = [
  {
    request: '@faker-js/faker',
    // Prism's generator reads the `faker` export only when a schema uses the `x-faker` keyword
    // (`JSONSchemaFaker.extend('faker', () => faker)`).
    standIn: (load) => ({ faker: lazyObject(() => (load() as { faker: object }).faker) }),
  },
  { request: '@stoplight/http-spec/postman/operation', standIn: (load) => lazyObject(load) },
  { request: './utils/operations', standIn: (load) => lazyObject(load) },
];

let loaded: PrismHttp | undefined;

/** Loads @stoplight/prism-http once, with {@link DEFERRED_PRISM_MODULES} loaded at first use. */
export function loadPrismHttp(): PrismHttp {
  if (loaded) {
    return loaded;
  }
  const entry = require.resolve('@stoplight/prism-http');
  const prismHttp = requireDeferring(entry, DEFERRED_PRISM_MODULES) as Pick<
    PrismHttp,
    'createInstance' | 'getHttpOperationsFromSpec'
  >;
  const { version } = require('@stoplight/prism-http/package.json') as { version: string };
  // Prism's generator configures the json-schema-faker module it depends on; resolving it from
  // Prism's own location gives that same module instance.
  const { JSONSchemaFaker } = createRequire(entry)('json-schema-faker') as {
    JSONSchemaFaker: { option(name: string, value: unknown): void };
  };
  loaded = {
    version,
    createInstance: prismHttp.createInstance,
    // Read at call time: prism-http exports it through a getter, which would load it now.
    getHttpOperationsFromSpec: (document) => prismHttp.getHttpOperationsFromSpec(document),
    setFakerOption: (name, value) => JSONSchemaFaker.option(name, value),
  };
  return loaded;
}

/** A logger that drops everything: the mock reports outcomes itself, Prism's log is noise. */
export function silentPrismLogger(): PrismLogger {
  const ignore = () => {};
  const logger: PrismLogger = {
    child: () => logger,
    debug: ignore,
    info: ignore,
    success: ignore,
    warn: ignore,
    error: ignore,
    fatal: ignore,
    trace: ignore,
  };
  return logger;
}

/**
 * Drives Prism's HTTP engine in-process: request validation (Ajv 2020 over the spec's schemas),
 * response selection (static examples, the status and example the caller chose, dynamic
 * generation) and response validation. The adapter knows Prism and the document only: how a
 * client chooses a response (the mock's `Prefer` header) and the HTTP edges (credentials, CORS,
 * body limits, from `@svc/server-kit`) are the caller's, in `../mock/`, which depends on this
 * folder and never the other way round.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { type FieldViolation, type RequestValidator, schemaViolations } from '@svc/server-kit';
import { HEADER_NAMES } from '@svc/spec/headers';
import { forGeneration } from './generation-schemas.js';
import {
  loadPrismHttp,
  PRISM_SEVERITY_ERROR,
  type PrismConfig,
  type PrismDiagnostic,
  type PrismError,
  type PrismInstance,
  type PrismOperation,
  type PrismRequest,
  silentPrismLogger,
} from './prism-http.js';
import { prismReadyDocument } from './prism-spec.js';
import { type ResponseExamples, responseCatalogue } from './response-catalogue.js';

/** Which response to serve: a status and example, static or generated (the first 200 when neither is named). */
export interface ResponseChoice {
  dynamic: boolean;
  code?: number;
  exampleKey?: string;
}

/** An operation the engine answers. */
export interface MockOperation {
  path: string;
  method: string;
  operationId: string;
  /** Prism's view of the operation. */
  resource: PrismOperation;
  /**
   * The same with its response schemas narrowed for dynamic generation (`./generation-schemas.ts`),
   * made at the first generated response of the operation.
   */
  readonly generationResource: PrismOperation;
  /** Declared statuses and their example names. */
  catalogue: ResponseExamples[];
  /** Canonical names of the operation's header parameters by lower-case name. */
  headerNames: ReadonlyMap<string, string>;
  /**
   * The header of the key the operation is secured by instead of client credentials (the
   * sandbox's admin key, from its own security requirement); undefined for a client's operation.
   */
  adminKeyHeader: string | undefined;
}

/** A request that passed the edges. */
export interface EngineRequest {
  headers: IncomingHttpHeaders;
  body: Record<string, unknown>;
  byteLength: number;
}

/** A response the engine chose or generated. */
export interface EngineResponse {
  kind: 'response';
  status: number;
  headers: Record<string, string>;
  body: unknown;
  /**
   * A static answer: every valid request with the same operation and choice gets this very object
   * (never to be mutated), so a caller may prepare what it sends once per object.
   */
  static: boolean;
}

/** What the engine made of a request. */
export type EngineResult =
  | EngineResponse
  | { kind: 'invalid'; violations: FieldViolation[] }
  | { kind: 'failure'; message: string };

/** Prism's HTTP engine, loaded with one document. */
export interface PrismEngine {
  /** Version of @stoplight/prism-http. */
  version: string;
  operations: MockOperation[];
  /**
   * The engine's result for one request: at once (no promise) for an invalid request or a static
   * answer served before, when the engine validates requests itself; otherwise once Prism answered.
   */
  respond(
    operation: MockOperation,
    request: EngineRequest,
    choice: ResponseChoice,
  ): EngineResult | Promise<EngineResult>;
  /**
   * Serves every static success response a request can choose (each operation's first `200`
   * example, the first example of each 2xx status, each of their named examples) and returns the
   * keys of those that match their schemas: what the build prepares, so that they need no check
   * when served. (Error responses are checked when first served: checking them all at build time
   * would cost the build 3 s for a few tens of milliseconds at their first use.)
   */
  checkStaticResponses(): Promise<string[]>;
}

/**
 * Headers Prism must not see: Prism would pick a response by a `Prefer` header of its own accord,
 * while the engine serves the {@link ResponseChoice} it is given; and the answer is always JSON.
 */
const HIDDEN_HEADERS: ReadonlySet<string> = new Set(['prefer', 'accept', 'content-length', 'content-type']);

/**
 * Loads Prism and the operations of `document` (an OpenAPI 3.x object as parsed from JSON), see
 * {@link prismEngineOf}. Dynamic generation never invents properties a schema does not declare.
 */
export async function createPrismEngine(
  document: Record<string, unknown>,
  options: PrismEngineOptions = {},
): Promise<PrismEngine> {
  return prismEngineOf(await convertOperations(document), [], options);
}

/** Prism's operations of `document` (an OpenAPI 3.x object as parsed from JSON), converted now. */
export function convertOperations(document: Record<string, unknown>): Promise<PrismOperation[]> {
  return loadPrismHttp().getHttpOperationsFromSpec(prismReadyDocument(document));
}

/** Options of {@link prismEngineOf}. */
export interface PrismEngineOptions {
  /**
   * The request validator of the same document (`@svc/server-kit`, worded as Prism words its
   * findings). With it, the engine validates each request itself and serves a static answer it
   * has served before from memory, without Prism: Prism only picks or generates a response. Without
   * it, Prism validates every request and answers every one.
   */
  validator?: RequestValidator;
}

/**
 * Loads Prism with operations it converted before (`./prism-operations.ts`). `checkedStatic`:
 * keys from {@link PrismEngine.checkStaticResponses} of the same operations and Prism, whose
 * responses are known to match their schemas. Dynamic generation never invents properties a
 * schema does not declare.
 */
export function prismEngineOf(
  resources: PrismOperation[],
  checkedStatic: readonly string[] = [],
  options: PrismEngineOptions = {},
): PrismEngine {
  const prism = loadPrismHttp();
  prism.setFakerOption('fillProperties', false);
  if (resources.length === 0) {
    throw new Error('the document defines no operations');
  }
  const operations = resources.map(toMockOperation);
  const instance = prism.createInstance(baseConfig({ dynamic: false }), { logger: silentPrismLogger() });
  const state: EngineState = {
    instance,
    verifiedStatic: new Set<string>(checkedStatic),
    validator: options.validator,
    staticAnswers: new Map(),
  };
  return {
    version: prism.version,
    operations,
    respond: (operation, request, choice) => respond(state, operation, request, choice),
    checkStaticResponses: () => checkStaticResponses(instance, operations),
  };
}

/** The key of a static response: the same operation and choice always give the same response. */
function staticKey(operation: MockOperation, choice: ResponseChoice): string {
  return `${operation.operationId} ${choice.code ?? ''} ${choice.exampleKey ?? ''}`;
}

/** Every static choice of a success response a request can make of `operation` (its 2xx statuses and examples). */
function staticSuccessChoices(operation: MockOperation): ResponseChoice[] {
  const choices: ResponseChoice[] = [{ dynamic: false }];
  for (const { status, examples } of operation.catalogue) {
    if (/^2\d\d$/.test(status)) {
      const code = Number(status);
      choices.push({ dynamic: false, code }, ...examples.map((exampleKey) => ({ dynamic: false, code, exampleKey })));
    }
  }
  return choices;
}

async function checkStaticResponses(instance: PrismInstance, operations: readonly MockOperation[]): Promise<string[]> {
  const checked: string[] = [];
  for (const operation of operations) {
    const input: PrismRequest = {
      method: operation.method.toLowerCase(),
      url: { path: operation.path, query: {} },
      headers: { 'content-type': 'application/json' },
      body: {},
    };
    for (const choice of staticSuccessChoices(operation)) {
      // The response does not depend on the request once it is valid: skip the request's check.
      const config = { ...baseConfig(mockConfig(choice)), validateRequest: false };
      const outcome = await instance.request(input, [operation.resource], config)();
      if (outcome._tag === 'Right' && !outcome.right.validations.output.some(isError)) {
        checked.push(staticKey(operation, choice));
      }
    }
  }
  return checked;
}

function mockConfig(choice: ResponseChoice): PrismConfig['mock'] {
  return {
    dynamic: choice.dynamic,
    ...(choice.code === undefined ? {} : { code: choice.code }),
    ...(choice.exampleKey === undefined ? {} : { exampleKey: choice.exampleKey }),
  };
}

function toMockOperation(resource: PrismOperation): MockOperation {
  const method = resource.method.toUpperCase();
  let generationResource: PrismOperation | undefined;
  return {
    path: resource.path,
    method,
    operationId: resource.iid ?? `${method} ${resource.path}`,
    resource,
    get generationResource() {
      generationResource ??= forGeneration(resource);
      return generationResource;
    },
    catalogue: responseCatalogue(resource),
    headerNames: new Map((resource.request?.headers ?? []).map((header) => [header.name.toLowerCase(), header.name])),
    adminKeyHeader: adminKeyHeaderOf(resource),
  };
}

/**
 * The header of an operation secured by one API key that is not a client credential (its security
 * requirements name neither `SVC-CLIENT-ID` nor `SVC-SECRET`): the sandbox's admin key.
 */
function adminKeyHeaderOf(resource: PrismOperation): string | undefined {
  const schemes = (resource.security ?? []).flat();
  const clientHeaders = [HEADER_NAMES.clientId, HEADER_NAMES.secret].map((name) => name.toLowerCase());
  const headers = schemes.map((scheme) =>
    scheme.type === 'apiKey' && scheme.in === 'header' ? scheme.name : undefined,
  );
  const [first] = headers;
  if (
    first === undefined ||
    headers.some((header) => header === undefined || clientHeaders.includes(header.toLowerCase()))
  ) {
    return undefined;
  }
  return first;
}

function baseConfig(mock: PrismConfig['mock'], validateResponse = true): PrismConfig {
  return {
    validateRequest: true,
    validateResponse,
    // Credentials are checked by the mock (headers or body); Prism knows only the header form.
    checkSecurity: false,
    errors: false,
    isProxy: false,
    upstreamProxy: undefined,
    mock,
  };
}

/** What the engine keeps between requests. */
interface EngineState {
  instance: PrismInstance;
  /** Keys of the static answers known to match their schemas. */
  verifiedStatic: Set<string>;
  validator: RequestValidator | undefined;
  /** The static answers served so far, by key (only with a validator: a hit skips Prism entirely). */
  staticAnswers: Map<string, EngineResponse>;
}

/**
 * Answers one request. With a validator, the request is validated first, then a static answer
 * served before comes from memory: for a valid request, Prism's static answer depends only on the
 * operation, status and example chosen (the `staticKey`; the content type is always JSON, as
 * `Accept` is hidden from Prism), so it is the same object every time. Otherwise the request runs
 * through Prism (validating it itself when there is no validator). A static answer's response
 * validation runs once (`verifiedStatic` remembers it, and starts with those the build checked).
 * A generated answer is generated from the operation's narrowed response schemas and checked
 * every time; one that breaks its schema is a 500 (never retried: the generator must get it
 * right, see `generation-schemas.ts`).
 */
function respond(
  state: EngineState,
  operation: MockOperation,
  request: EngineRequest,
  choice: ResponseChoice,
): EngineResult | Promise<EngineResult> {
  const { validator, staticAnswers } = state;
  const generated = choice.dynamic && choice.exampleKey === undefined;
  const key = generated ? undefined : staticKey(operation, choice);
  if (validator) {
    const violations = validator.validate(operation.operationId, request.body, request.headers);
    if (violations.length > 0) {
      return { kind: 'invalid', violations };
    }
    const known = key === undefined ? undefined : staticAnswers.get(key);
    if (known) {
      return known;
    }
  }
  return respondWithPrism(state, operation, request, choice, key);
}

/** The part of {@link respond} that asks Prism: `key` is the static answer's, undefined for a generated one. */
async function respondWithPrism(
  state: EngineState,
  operation: MockOperation,
  request: EngineRequest,
  choice: ResponseChoice,
  key: string | undefined,
): Promise<EngineResult> {
  const { instance, verifiedStatic, validator, staticAnswers } = state;
  const generated = key === undefined;
  const input = prismRequest(operation, request);
  const config = {
    ...baseConfig(mockConfig(choice), key === undefined || !verifiedStatic.has(key)),
    validateRequest: validator === undefined,
  };
  const context = { body: request.body, headers: request.headers, headerNames: operation.headerNames };
  const resource = generated ? operation.generationResource : operation.resource;
  const outcome = await instance.request(input, [resource], config)();
  if (outcome._tag === 'Left') {
    const findings = rejectedRequestFindings(outcome.left);
    return findings.some(isError)
      ? { kind: 'invalid', violations: schemaViolations(findings.filter(isError), context) }
      : { kind: 'failure', message: `Prism could not answer: ${outcome.left.detail ?? outcome.left.message}` };
  }
  const { output, validations } = outcome.right;
  if (validations.input.some(isError)) {
    return { kind: 'invalid', violations: schemaViolations(validations.input.filter(isError), context) };
  }
  const outputErrors = validations.output.filter(isError);
  if (outputErrors.length === 0) {
    const response: EngineResponse = {
      kind: 'response',
      status: output.statusCode,
      headers: stringHeaders(output.headers),
      body: output.body,
      static: key !== undefined,
    };
    if (key !== undefined) {
      verifiedStatic.add(key);
      if (validator) {
        staticAnswers.set(key, response);
      }
    }
    return response;
  }
  const what = generated
    ? 'the generated response'
    : `${choice.exampleKey === undefined ? 'the first example' : `the example ${choice.exampleKey}`} of status ${choice.code ?? 200}`;
  return {
    kind: 'failure',
    message: `${what} of ${operation.operationId} did not match the spec: ${outputErrors.map((error) => error.message).join('; ')}`,
  };
}

function prismRequest(operation: MockOperation, request: EngineRequest): PrismRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined && !HIDDEN_HEADERS.has(name)) {
      headers[name] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  headers['content-type'] = 'application/json';
  headers['content-length'] = String(request.byteLength);
  return {
    method: operation.method.toLowerCase(),
    url: { path: operation.path, query: {} },
    headers,
    body: request.body,
  };
}

/**
 * The request findings Prism puts in its own 422 problem when the operation declares no 400, 422
 * or default response to mock an invalid request with (possible with another `specPath`).
 */
function rejectedRequestFindings(error: PrismError): PrismDiagnostic[] {
  return (error.additional?.validation ?? []).map((finding) => ({
    path: finding.location ?? [],
    code: finding.code,
    message: finding.message,
    severity: finding.severity === 'Error' ? PRISM_SEVERITY_ERROR : 1,
  }));
}

function isError(diagnostic: PrismDiagnostic): boolean {
  return diagnostic.severity === PRISM_SEVERITY_ERROR;
}

function stringHeaders(headers: Record<string, unknown> | undefined): Record<string, string> {
  const result: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {})) {
    if (value !== null && value !== undefined) {
      result[name.toLowerCase() === 'content-type' ? 'Content-Type' : name] = String(value);
    }
  }
  return result;
}

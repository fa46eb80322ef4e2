/**
 * Request validation without Prism: Ajv compiled once from an OpenAPI 3.1 document, set up by
 * `@svc/openapi-ajv` (draft 2020-12, every error, formats checked) exactly as the responses are
 * checked in the repository's tests. It reports {@link SchemaDiagnostic}s worded exactly as Prism's
 * validator words them, so {@link schemaViolations} and {@link validationError} give a server the
 * same `ApiError` as the mock for the same request.
 */
import { createOpenApiAjv } from '@svc/openapi-ajv';
import type { ErrorObject, ValidateFunction } from 'ajv/dist/2020.js';
import { type SchemaDiagnostic, schemaViolations } from './schema-violations.js';
import type { FieldViolation } from './validation-error.js';

const DOCUMENT_ID = 'https://svc.example/server-kit/openapi.json';
const JSON_MEDIA = 'application/json';

/** One operation as the validator sees it. */
export interface ValidatedOperation {
  path: string;
  method: string;
  operationId: string;
  /** Canonical spelling of the operation's header parameters by lower-case name. */
  headerNames: ReadonlyMap<string, string>;
}

/** Validates the requests of every operation of one document. */
export interface RequestValidator {
  /** The document's operations, in document order. */
  readonly operations: readonly ValidatedOperation[];
  /**
   * The violations of a request to `operationId` (empty when valid): its JSON body against the
   * request body schema, its headers against the header parameters.
   */
  validate(
    operationId: string,
    body: Record<string, unknown>,
    headers: Record<string, string | string[] | undefined>,
  ): FieldViolation[];
}

/** Options of {@link createRequestValidator}. */
export interface RequestValidatorOptions {
  /**
   * Compile an operation's schemas at its first validation instead of all at once (for the
   * bundled spec, 0.2 to 0.3 s of start-up spread over the first request of each operation).
   * Default false: every schema is compiled, and any broken one reported, before the first request.
   */
  compileOnFirstUse?: boolean;
}

interface CompiledOperation extends ValidatedOperation {
  body: () => ValidateFunction | undefined;
  headers: () => ValidateFunction | undefined;
}

type JsonObject = Record<string, unknown>;

/**
 * Compiles a validator for every operation of `document` (an OpenAPI 3.1 document as parsed from
 * JSON, with local `$ref`s; pass the dereferenced document to word errors exactly as Prism does).
 * Compilation happens here, once (or at an operation's first validation, see
 * {@link RequestValidatorOptions}); {@link RequestValidator.validate} then only runs compiled code.
 * Throws when an operation has no operationId.
 */
export function createRequestValidator(document: JsonObject, options: RequestValidatorOptions = {}): RequestValidator {
  const compile = options.compileOnFirstUse ? compiledOnFirstUse : compiledNow;
  const ajv = createOpenApiAjv();
  ajv.addSchema({ ...document, $id: DOCUMENT_ID });
  const compiled = new Map<string, CompiledOperation>();
  for (const [path, rawItem] of Object.entries((document.paths ?? {}) as JsonObject)) {
    const item = resolve(document, rawItem);
    for (const [method, rawOperation] of Object.entries(item)) {
      if (!isHttpMethod(method)) {
        continue;
      }
      const operation = rawOperation as JsonObject;
      const operationId = operation.operationId;
      if (typeof operationId !== 'string') {
        throw new Error(`${method.toUpperCase()} ${path} has no operationId`);
      }
      const pointer = `#/paths/${escapePointer(path)}/${method}`;
      const requestBody = operation.requestBody ? resolve(document, operation.requestBody) : undefined;
      const hasJsonBody = Boolean((requestBody?.content as JsonObject | undefined)?.[JSON_MEDIA]);
      const headerParameters = [...asArray(item.parameters), ...asArray(operation.parameters)]
        .map((parameter) => resolve(document, parameter))
        .filter((parameter) => parameter.in === 'header' && typeof parameter.name === 'string');
      const headerNames = new Map(
        headerParameters.map((parameter) => [String(parameter.name).toLowerCase(), String(parameter.name)]),
      );
      compiled.set(operationId, {
        path,
        method: method.toUpperCase(),
        operationId,
        headerNames,
        body: compile(() =>
          hasJsonBody
            ? ajv.compile({
                $ref: `${DOCUMENT_ID}${requestBodyPointer(operation, pointer)}/content/${escapePointer(JSON_MEDIA)}/schema`,
              })
            : undefined,
        ),
        headers: compile(() =>
          headerParameters.length > 0 ? ajv.compile(headersSchema(headerParameters)) : undefined,
        ),
      });
    }
  }
  const operations = [...compiled.values()].map(({ path, method, operationId, headerNames }) => ({
    path,
    method,
    operationId,
    headerNames,
  }));
  return {
    operations,
    validate(operationId, body, headers) {
      const operation = compiled.get(operationId);
      if (!operation) {
        throw new Error(`unknown operation ${operationId}`);
      }
      const diagnostics: SchemaDiagnostic[] = [];
      // Body first, then headers: the order in which Prism reports them.
      const bodyValidator = operation.body();
      if (bodyValidator && !bodyValidator(body)) {
        diagnostics.push(...ajvDiagnostics(bodyValidator.errors ?? [], 'body'));
      }
      const headersValidator = operation.headers();
      if (headersValidator) {
        const values = headerValues(headers, operation.headerNames);
        if (!headersValidator(values)) {
          diagnostics.push(...ajvDiagnostics(headersValidator.errors ?? [], 'header'));
        }
      }
      if (diagnostics.length === 0) {
        return [];
      }
      return schemaViolations(diagnostics, { body, headers, headerNames: operation.headerNames });
    },
  };
}

/**
 * Ajv errors as diagnostics worded like Prism's: `Request body property options.count must be <=
 * 25`, with the allowed values of an `enum`, the name of an additional property (`; found 'x'`) or
 * of an unevaluated one (`: 'x'`) appended.
 */
export function ajvDiagnostics(errors: readonly ErrorObject[], location: 'body' | 'header'): SchemaDiagnostic[] {
  return errors.map((error) => {
    const params = error.params as Record<string, unknown>;
    const allowed = Array.isArray(params.allowedValues) ? `: ${params.allowedValues.join(', ')}` : '';
    const additional = 'additionalProperty' in params ? `; found '${String(params.additionalProperty)}'` : '';
    const unevaluated = 'unevaluatedProperty' in params ? `: '${String(params.unevaluatedProperty)}'` : '';
    const segments = error.instancePath.split('/').filter((segment) => segment !== '');
    const kind = segments.length > 0 ? (location === 'body' ? 'property ' : 'parameter ') : '';
    const subject = `Request ${location} ${kind}${segments.join('.').trim()}${segments.length > 0 ? ' ' : ''}`;
    return {
      path: [location, ...segments],
      code: error.keyword,
      message: `${subject}${error.message ?? ''}${allowed}${additional}${unevaluated}`,
    };
  });
}

/** Compiles now; returns the result. */
function compiledNow<T>(make: () => T): () => T {
  const made = make();
  return () => made;
}

/** Compiles at the first call, once. */
function compiledOnFirstUse<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}

function headersSchema(parameters: readonly JsonObject[]): JsonObject {
  return {
    type: 'object',
    properties: Object.fromEntries(
      parameters.map((parameter) => [String(parameter.name).toLowerCase(), parameter.schema ?? {}]),
    ),
    required: parameters.filter((parameter) => parameter.required === true).map((p) => String(p.name).toLowerCase()),
  };
}

function headerValues(
  headers: Record<string, string | string[] | undefined>,
  names: ReadonlyMap<string, string>,
): Record<string, string> {
  const values: Record<string, string> = {};
  for (const name of names.keys()) {
    const value = headers[name];
    const first = Array.isArray(value) ? value[0] : value;
    if (first !== undefined) {
      values[name] = first;
    }
  }
  return values;
}

/** Pointer of an operation's request body, following a `$ref`'d one (a pointer cannot pass a `$ref`). */
function requestBodyPointer(operation: JsonObject, operationPointer: string): string {
  const body = operation.requestBody as JsonObject | undefined;
  return body && typeof body.$ref === 'string' ? body.$ref : `${operationPointer}/requestBody`;
}

const HTTP_METHODS: ReadonlySet<string> = new Set([
  'get',
  'put',
  'post',
  'delete',
  'options',
  'head',
  'patch',
  'trace',
]);

function isHttpMethod(key: string): boolean {
  return HTTP_METHODS.has(key);
}

function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

function escapePointer(segment: string): string {
  return segment.replaceAll('~', '~0').replaceAll('/', '~1');
}

/** Follows local `$ref`s of `value` inside `document` (at most 20). */
export function resolve(document: JsonObject, value: unknown): JsonObject {
  let current = value as JsonObject;
  for (let depth = 0; depth < 20 && current && typeof current.$ref === 'string'; depth++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) {
      throw new Error(`only local $refs are supported, not ${ref}`);
    }
    current = ref
      .slice(2)
      .split('/')
      .map((segment) => segment.replaceAll('~1', '/').replaceAll('~0', '~'))
      .reduce<unknown>((node, key) => (node as JsonObject | undefined)?.[key], document) as JsonObject;
  }
  return current ?? {};
}

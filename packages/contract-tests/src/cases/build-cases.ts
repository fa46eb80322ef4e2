import {
  type DocumentValidator,
  listOperations,
  type OpenApiDocument,
  type OperationEntry,
  requestExamples,
  requestSchemaPointer,
  responseExamples,
  responseSchemaPointer,
} from '@svc/openapi-kit';
import { valueAt, withoutValue, withValue } from '../body-edit.js';
import { documentedValue, probesFor } from '../field-values.js';
import { listFields, type Schema } from '../schema-fields.js';
import { acceptsAdminKey, takesAdminKey } from './admin-key.js';
import type { ContractCase } from './types.js';

/** The inputs every case builder reads. */
export interface CaseContext {
  /** The bundled document (with `$ref`s), for pointers and validation. */
  document: OpenApiDocument;
  /** The same document dereferenced, for walking request schemas. */
  dereferenced: OpenApiDocument;
  validator: DocumentValidator;
}

const API_ERROR = '#/components/schemas/ApiError';
const UNKNOWN_FIELD = 'unexpected_field';

/** Every case of every operation of the document, in document order. */
export function buildCases(context: CaseContext): ContractCase[] {
  return listOperations(context.document).flatMap((entry) => buildOperationCases(context, entry));
}

/** The cases of one operation. */
export function buildOperationCases(context: CaseContext, entry: OperationEntry): ContractCase[] {
  const examples = requestExamples(context.document, entry);
  const base = examples[0]?.value;
  const common = { operationId: entry.operationId, path: entry.path, mockOnly: false } as const;
  const okPointer = responseSchemaPointer(context.document, entry, '200');
  const cases: ContractCase[] = examples.map((example) => ({
    ...common,
    kind: 'success',
    name: `request example "${example.name}" gets a 200 matching the response schema`,
    body: example.value,
    credentials: 'headers',
    expect: { status: 200, schemaPointer: okPointer },
  }));
  const adminKey = takesAdminKey(context.document, entry);
  const adminKeyAccepted = !adminKey && acceptsAdminKey(context.document, entry);
  const marked = (all: ContractCase[]) => all.map((item) => ({ ...item, adminKey, adminKeyAccepted }));
  if (base === undefined) {
    return marked(cases);
  }
  cases.push(
    ...validationCases(context, entry, base),
    // The admin key has one placement, a header: no body variant.
    ...(adminKey
      ? []
      : [
          {
            ...common,
            kind: 'body-credentials',
            name: 'credentials as client_id and secret body fields are accepted',
            body: base,
            credentials: 'body',
            expect: { status: 200, schemaPointer: okPointer },
          } satisfies ContractCase,
        ]),
    {
      ...common,
      kind: 'no-credentials',
      name: adminKey
        ? 'a request without the admin key is rejected with 401 INVALID_ADMIN_KEY'
        : 'a request without credentials is rejected with 401 MISSING_CREDENTIALS',
      body: base,
      credentials: 'none',
      expect: {
        status: 401,
        schemaPointer: API_ERROR,
        errorType: 'INVALID_INPUT',
        errorCode: adminKey ? 'INVALID_ADMIN_KEY' : 'MISSING_CREDENTIALS',
      },
    },
    ...responseExampleCases(context, entry, base),
  );
  return marked(cases);
}

/** Missing required fields, an unknown field, and boundary values of every constrained field. */
function validationCases(context: CaseContext, entry: OperationEntry, base: unknown): ContractCase[] {
  const requestPointer = requestSchemaPointer(entry);
  const isValid = (body: unknown) => context.validator.validate(requestPointer, body).valid;
  const schema = requestSchema(context.dereferenced, entry);
  const common = { operationId: entry.operationId, path: entry.path, mockOnly: false, credentials: 'headers' } as const;
  const rejected = (name: string, body: unknown, errorCode: string, mentions: string): ContractCase => ({
    ...common,
    kind:
      errorCode === 'MISSING_FIELDS'
        ? 'missing-field'
        : errorCode === 'UNKNOWN_FIELDS'
          ? 'unknown-field'
          : 'constraint-rejected',
    name,
    body,
    expect: { status: 400, schemaPointer: API_ERROR, errorType: 'INVALID_REQUEST', errorCode, mentions },
  });
  const cases: ContractCase[] = [];
  const seen = new Set<string>();
  const add = (item: ContractCase) => {
    const key = `${item.kind} ${JSON.stringify(item.body)}`;
    if (!seen.has(key)) {
      seen.add(key);
      cases.push(item);
    }
  };

  add(
    rejected(
      `rejects an unknown field ${UNKNOWN_FIELD}`,
      { ...(base as object), [UNKNOWN_FIELD]: 1 },
      'UNKNOWN_FIELDS',
      UNKNOWN_FIELD,
    ),
  );
  for (const field of listFields(schema, base)) {
    const name = field.path.join('.');
    const current = valueAt(base, field.path);
    if (field.required && current !== undefined) {
      const body = withoutValue(base, field.path);
      if (!isValid(body)) {
        add(rejected(`rejects a body missing required ${name}`, body, 'MISSING_FIELDS', name));
      }
    }
    const probes = probesFor(field.schema, current);
    const acceptedBodies = probes.accept
      .map((probe) => ({ probe, body: withValue(base, field.path, probe.value) }))
      .filter(({ body }) => isValid(body));
    for (const { probe, body } of acceptedBodies) {
      add({
        ...common,
        kind: 'boundary-accepted',
        name: `accepts ${name}: ${probe.label}`,
        body,
        expect: { status: 200, schemaPointer: responseSchemaPointer(context.document, entry, '200') },
      });
    }
    const validBase = validBaseFor(base, field.path, field.schema, current, acceptedBodies[0]?.body, isValid);
    if (!validBase) {
      continue;
    }
    for (const probe of probes.reject) {
      const body = withValue(validBase, field.path, probe.value);
      if (!isValid(body)) {
        const inner = probe.label === 'an unknown property inside';
        add(
          rejected(
            `rejects ${name}: ${probe.label}`,
            body,
            inner ? 'UNKNOWN_FIELDS' : 'INVALID_FIELD',
            inner ? `${name}.unexpected_field` : name,
          ),
        );
      }
    }
  }
  return cases;
}

/**
 * A valid body in which the field holds a valid value, so that changing only that field isolates
 * its constraint: the example itself when it has the field, else the example with the field set to
 * an accepted boundary value or its documented value.
 */
function validBaseFor(
  base: unknown,
  path: string[],
  schema: Schema,
  current: unknown,
  acceptedBody: unknown,
  isValid: (body: unknown) => boolean,
): unknown {
  if (current !== undefined) {
    return base;
  }
  if (acceptedBody !== undefined) {
    return acceptedBody;
  }
  const documented = documentedValue(schema);
  if (documented === undefined) {
    return undefined;
  }
  const body = withValue(base, path, documented);
  return isValid(body) ? body : undefined;
}

/** The `Prefer` header that makes a mock return the named example of the response with `status`. */
export function forcedResponsePrefer(status: string, exampleName: string): string {
  return `code=${status}, example=${exampleName}`;
}

/** Forced responses (mock only) for every declared status and example, and static error-example checks. */
function responseExampleCases(context: CaseContext, entry: OperationEntry, base: unknown): ContractCase[] {
  const common = { operationId: entry.operationId, path: entry.path, credentials: 'headers' } as const;
  return responseExamples(context.document, entry).flatMap(({ status, name, value, schemaPointer }) => {
    const forced: ContractCase = {
      ...common,
      kind: 'forced-response',
      name: `Prefer code=${status}, example=${name} returns that example`,
      body: base,
      prefer: forcedResponsePrefer(status, name),
      mockOnly: true,
      expect: { status: Number(status), schemaPointer, equals: value },
    };
    if (status.startsWith('2')) {
      return [forced];
    }
    const documented: ContractCase = {
      ...common,
      kind: 'error-example',
      name: `documented ${status} example "${name}" matches the error schema`,
      body: value,
      mockOnly: false,
      expect: { status: Number(status), schemaPointer },
    };
    return [forced, documented];
  });
}

/** The dereferenced JSON request schema of an operation. */
function requestSchema(dereferenced: OpenApiDocument, entry: OperationEntry): Schema {
  const operation = dereferenced.paths?.[entry.path]?.[entry.method];
  return (operation?.requestBody?.content?.['application/json']?.schema ?? {}) as Schema;
}

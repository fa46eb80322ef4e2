/**
 * @module console/console-data
 * What the "Try it" console of the page needs to know, read from the bundled spec at build time
 * and embedded in the page as JSON: the servers, the credential and fault header names, the fault
 * directives to offer, the error catalogue's doc anchors, the test clock operations, and per
 * operation its path, named request examples, top-level fields, request schema (with only the
 * component schemas it reaches, without prose) and the mock's `Prefer` choices; and the Arazzo
 * workflows of the Workflows section, with the method and path of each operation they call, for
 * the "Run step by step" control (`workflow-panel.js`).
 */
import {
  jsonContent,
  listOperations,
  requestExamples,
  resolveLocalRef,
  responseExamples,
  responseStatuses,
} from '@svc/openapi-kit';
import { INSPECTOR_PATH } from '@svc/sandbox';
import { ERROR_TYPE_ANCHOR } from '@svc/server-kit';
import { workflowProblems } from './arazzo-run.js';

/** The operations behind the test clock controls (`operationId`s of the spec). */
export const CLOCK_OPERATIONS = Object.freeze({ get: 'sandboxClockGet', advance: 'sandboxClockAdvance' });

/** The `x-environment` of the spec's servers the console treats specially. */
export const CONSOLE_ENVIRONMENTS = Object.freeze({ sandbox: 'local', mock: 'mock' });

/** Schema keywords that are prose or samples: left out of the page's copy of the schemas. */
const PROSE_KEYWORDS = new Set(['description', 'examples', 'example', 'title', 'x-extensible-enum', 'deprecated']);

/** Keywords whose value maps names to schemas (the names are data, not keywords). */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas']);

/**
 * A schema without its prose, and the `$ref`s it holds added to `refs`.
 * @param {unknown} schema @param {Set<string>} refs @returns {unknown}
 */
function withoutProse(schema, refs) {
  if (Array.isArray(schema)) {
    return schema.map((item) => withoutProse(item, refs));
  }
  if (!schema || typeof schema !== 'object') {
    return schema;
  }
  /** @type {Record<string, unknown>} */
  const copy = {};
  for (const [key, value] of Object.entries(schema)) {
    if (PROSE_KEYWORDS.has(key)) {
      continue;
    }
    if (key === '$ref' && typeof value === 'string') {
      refs.add(value);
    }
    if (SCHEMA_MAPS.has(key) && value && typeof value === 'object') {
      copy[key] = Object.fromEntries(Object.entries(value).map(([name, sub]) => [name, withoutProse(sub, refs)]));
    } else if (key === 'enum' || key === 'const' || key === 'required' || key === 'default') {
      copy[key] = value;
    } else {
      copy[key] = withoutProse(value, refs);
    }
  }
  return copy;
}

/**
 * @param {import('@svc/openapi-kit').OpenApiDocument} document
 * @param {string} name a component parameter
 * @returns {{ name: string, schema?: { examples?: string[] } }}
 */
function componentParameter(document, name) {
  const parameters = /** @type {Record<string, {name: string, schema?: {examples?: string[]}}>} */ (
    document.components?.parameters ?? {}
  );
  const parameter = parameters[name];
  if (!parameter) {
    throw new Error(`the spec has no components.parameters.${name}`);
  }
  return parameter;
}

/**
 * @param {import('@svc/openapi-kit').OpenApiDocument} document
 * @param {string} scheme a security scheme of the spec
 * @returns {string} its header name
 */
function credentialHeader(document, scheme) {
  const schemes = /** @type {Record<string, {in?: string, name?: string}>} */ (
    document.components?.securitySchemes ?? {}
  );
  const found = schemes[scheme];
  if (found?.in !== 'header' || !found.name) {
    throw new Error(`the spec has no header security scheme "${scheme}"`);
  }
  return found.name;
}

/**
 * A workflow's `inputs` schema with a `#/components/inputs/<name>` reference followed.
 * @param {import('@svc/openapi-kit').ArazzoDocument} document @param {Record<string, unknown> | undefined} inputs
 */
function workflowInputs(document, inputs) {
  const ref = inputs?.$ref;
  if (typeof ref !== 'string') {
    return inputs;
  }
  const name = ref.replace(/^#\/components\/inputs\//, '');
  const found = document.components?.inputs?.[name];
  if (!found || name === ref) {
    throw new Error(`"${document.info.title}" has no ${ref}`);
  }
  return /** @type {Record<string, unknown>} */ (found);
}

/**
 * The workflows the page can run step by step, and the method and path of each operation they
 * call; throws naming what of a shipped workflow the page could not run (`workflowProblems`).
 * @param {import('@svc/openapi-kit').WorkflowFile[]} files
 * @param {ReturnType<typeof listOperations>} entries the operations of the spec
 */
function runnableWorkflows(files, entries) {
  /** @type {Record<string, {method: string, path: string}>} */
  const operations = {};
  const documents = files.map(({ file, document }) => {
    for (const step of document.workflows.flatMap((workflow) => workflow.steps)) {
      const entry = entries.find((candidate) => candidate.operationId === step.operationId);
      if (entry) {
        operations[entry.operationId] = { method: entry.method.toUpperCase(), path: entry.path };
      }
    }
    return {
      file,
      title: document.info.title,
      parameters: /** @type {Record<string, import('./arazzo-run.js').RunParameter>} */ (
        document.components?.parameters ?? {}
      ),
      workflows: document.workflows.map(({ description: _description, ...workflow }) => ({
        ...workflow,
        inputs: workflowInputs(document, workflow.inputs),
      })),
    };
  });
  const problems = documents.flatMap((document) =>
    workflowProblems(/** @type {import('./arazzo-run.js').RunDocument} */ (document), operations).map(
      (problem) => `${document.file}: ${problem}`,
    ),
  );
  if (problems.length > 0) {
    throw new Error(`the page cannot run these workflows step by step:\n${problems.join('\n')}`);
  }
  return { documents, operations };
}

/**
 * The embedded data of the console.
 * @param {import('@svc/openapi-kit').OpenApiDocument} document the bundled spec
 * @param {import('@svc/openapi-kit').WorkflowFile[]} workflowFiles the Arazzo documents of the Workflows section
 */
export function consoleData(document, workflowFiles) {
  const catalogue = /** @type {{types: {name: string}[], codes: {code: string, type: string, status: number}[]}} */ (
    document['x-error-catalogue']
  );
  const fault = componentParameter(document, 'SandboxFault');
  /** @type {Set<string>} */
  const refs = new Set();
  /** @type {Record<string, unknown>} */
  const operations = {};
  const entries = listOperations(document);
  for (const entry of entries) {
    const media = jsonContent(document, entry.operation.requestBody);
    if (!media?.schema) {
      continue;
    }
    const schema = withoutProse(media.schema, refs);
    const resolved = resolveLocalRef(document, /** @type {Record<string, unknown>} */ (media.schema));
    operations[entry.operationId.toLowerCase()] = {
      path: entry.path,
      method: entry.method.toUpperCase(),
      operationId: entry.operationId,
      summary: entry.operation.summary ?? entry.operationId,
      schema,
      fields: Object.keys(/** @type {{properties?: object}} */ (resolved).properties ?? {}),
      examples: requestExamples(document, entry).map(({ name, summary, value }) => ({ name, summary, value })),
      prefer: [
        ...responseExamples(document, entry).map(({ name, status, summary }) => ({
          value: `example=${name}`,
          label: `${status} ${name}${summary ? `: ${summary}` : ''}`,
        })),
        ...responseStatuses(entry).map((status) => ({ value: `code=${status}`, label: `${status} (any example)` })),
      ],
    };
  }
  /** @type {Record<string, unknown>} */
  const schemas = {};
  const pending = [...refs];
  const allSchemas = /** @type {Record<string, unknown>} */ (document.components?.schemas ?? {});
  while (pending.length > 0) {
    const ref = /** @type {string} */ (pending.pop());
    const name = ref.replace(/^#\/components\/schemas\//, '');
    if (name === ref) {
      throw new Error(`the console follows only #/components/schemas refs, not ${ref}`);
    }
    if (name in schemas) {
      continue;
    }
    /** @type {Set<string>} */
    const more = new Set();
    schemas[name] = withoutProse(allSchemas[name], more);
    pending.push(...more);
  }
  const byId = (/** @type {string} */ operationId) => {
    const found = entries.find((entry) => entry.operationId === operationId);
    if (!found) {
      throw new Error(`the spec has no operation ${operationId}`);
    }
    return found.path;
  };
  return {
    servers: /** @type {{url: string, description?: string, 'x-environment'?: string}[]} */ (
      document.servers ?? []
    ).map((server) => ({
      url: server.url,
      description: server.description ?? server.url,
      environment: /** @type {string | undefined} */ (server['x-environment']) ?? '',
    })),
    environments: CONSOLE_ENVIRONMENTS,
    headers: {
      clientId: credentialHeader(document, 'clientId'),
      secret: credentialHeader(document, 'secret'),
      fault: fault.name,
    },
    faultChoices: [
      ...(fault.schema?.examples ?? []),
      ...catalogue.codes.filter(({ status }) => status === 429 || status >= 500).map(({ code }) => `error=${code}`),
    ],
    errorAnchors: Object.fromEntries(
      catalogue.codes.map(({ code, type }) => [code, ERROR_TYPE_ANCHOR.replace('{type_lower}', type.toLowerCase())]),
    ),
    inspectorPath: INSPECTOR_PATH,
    clock: { get: byId(CLOCK_OPERATIONS.get), advance: byId(CLOCK_OPERATIONS.advance) },
    operations,
    root: { components: { schemas } },
    workflows: runnableWorkflows(workflowFiles, entries),
  };
}

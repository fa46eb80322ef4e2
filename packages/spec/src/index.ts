/**
 * @module @svc/spec
 * Locations of the bundled OpenAPI 3.1 description of the SVC API, for tools that read it from
 * disk (Prism, generators, validators). Import the JSON directly with
 * `import spec from '@svc/spec/openapi.json' with { type: 'json' }` when you need the content.
 * The API's multi-step flows are Arazzo 1.0 documents in {@link workflowsPath}. The API's
 * TypeScript types are `@svc/spec/types`, its header names `@svc/spec/headers` (both generated).
 */
import { fileURLToPath } from 'node:url';

/** Absolute path of the bundled document in YAML (components kept as `$ref`s). */
export const openapiYamlPath: string = fileURLToPath(new URL('./openapi.yaml', import.meta.url));

/** Absolute path of the bundled document in JSON (components kept as `$ref`s). */
export const openapiJsonPath: string = fileURLToPath(new URL('./openapi.json', import.meta.url));

/** Absolute path of the bundled document in JSON with every `$ref` inlined. */
export const openapiDereferencedJsonPath: string = fileURLToPath(
  new URL('./openapi.dereferenced.json', import.meta.url),
);

/**
 * Absolute path of the folder of Arazzo 1.0 workflow documents (`*.arazzo.yaml`): the API's
 * multi-step flows, each step with its success criteria, runnable with `redocly respect`. Their
 * source description is `../openapi.yaml`, the bundled document.
 */
export const workflowsPath: string = fileURLToPath(new URL('./workflows/', import.meta.url));

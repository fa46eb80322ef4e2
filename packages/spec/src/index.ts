/**
 * @module @svc/spec
 * Locations of the bundled OpenAPI 3.1 description of the SVC API, for tools that read it from
 * disk (Prism, generators, validators). Import the JSON directly with
 * `import spec from '@svc/spec/openapi.json' with { type: 'json' }` when you need the content.
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

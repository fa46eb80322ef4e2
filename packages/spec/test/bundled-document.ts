import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { OpenApiDocument } from '@svc/openapi-kit';

/** The dist/ folder this package publishes (built by `pnpm build` before the tests run). */
const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');

/** Path of the bundled JSON document. */
export const openapiJsonPath = join(dist, 'openapi.json');

/** Path of the dereferenced JSON document. */
export const openapiDereferencedJsonPath = join(dist, 'openapi.dereferenced.json');

/** The bundled document, read once per test file. */
export const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;

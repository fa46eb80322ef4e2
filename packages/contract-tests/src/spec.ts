import { readFileSync } from 'node:fs';
import type { OpenApiDocument } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';

/** The bundled document the suite derives its cases from (not a hand-written list). */
export function loadBundledSpec(path: string = openapiJsonPath): OpenApiDocument {
  return JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
}

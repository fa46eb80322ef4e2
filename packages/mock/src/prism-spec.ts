import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The OpenAPI 3.1 default schema dialect; declaring it changes nothing about how schemas read. */
export const OAS_BASE_DIALECT = 'https://spec.openapis.org/oas/3.1/dialect/base';

/**
 * Returns the document as Prism 5.14 must see it. Prism silently skips ALL request validation
 * when the document declares `jsonSchemaDialect` (measured: a body missing a required field got a
 * 200). Our spec declares the default dialect, so dropping the field keeps the meaning of every
 * schema; any other dialect is refused rather than silently reinterpreted.
 */
export function prismReadyDocument(document: Record<string, unknown>): Record<string, unknown> {
  const { jsonSchemaDialect, ...rest } = document;
  if (jsonSchemaDialect !== undefined && jsonSchemaDialect !== OAS_BASE_DIALECT) {
    throw new Error(
      `the mock supports only the default jsonSchemaDialect (${OAS_BASE_DIALECT}), not ${String(jsonSchemaDialect)}`,
    );
  }
  return rest;
}

/** Writes the Prism-ready copy of the JSON document at `specPath` to a temporary file. */
export async function writePrismSpec(specPath: string): Promise<{ path: string; remove: () => Promise<void> }> {
  const document = JSON.parse(await readFile(specPath, 'utf8')) as Record<string, unknown>;
  const dir = await mkdtemp(join(tmpdir(), 'svc-mock-'));
  const path = join(dir, 'openapi.json');
  await writeFile(path, JSON.stringify(prismReadyDocument(document)));
  return { path, remove: () => rm(dir, { recursive: true, force: true }) };
}

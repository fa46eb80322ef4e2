/**
 * The generated exports: `@svc/spec/types` and `@svc/spec/headers` resolve to built files, and the
 * header names are those the bundled document declares.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { document } from './bundled-document.js';

const packageDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(packageDir, 'package.json'), 'utf8')) as {
  exports: Record<string, { types: string; default: string }>;
};

/** The module a subpath export of this package resolves to, imported from dist/. */
async function importExport<T>(subpath: string): Promise<T> {
  return (await import(join(packageDir, manifest.exports[subpath]?.default ?? ''))) as T;
}

type Credentials = { clientId: string; secret: string };

describe.each(['./types', './headers', './examples'])('export %s', (subpath) => {
  it('resolves to a built declaration file and module, types first', () => {
    const target = manifest.exports[subpath];
    expect(target && Object.keys(target)).toEqual(['types', 'default']);
    expect(existsSync(join(packageDir, target?.types ?? '')), target?.types).toBe(true);
    expect(existsSync(join(packageDir, target?.default ?? '')), target?.default).toBe(true);
  });
});

describe('HEADER_NAMES', () => {
  it('holds the name of every header security scheme and header parameter of the document', async () => {
    const { HEADER_NAMES } = await importExport<{ HEADER_NAMES: Record<string, string> }>('./headers');
    const components = document.components as Record<string, Record<string, { in?: string; name?: string }>>;
    const declared = [...Object.values(components.securitySchemes ?? {}), ...Object.values(components.parameters ?? {})]
      .filter((declaration) => declaration.in === 'header')
      .map((declaration) => declaration.name);
    expect(Object.values(HEADER_NAMES).sort()).toEqual(declared.sort());
    expect(HEADER_NAMES.clientId).toBe('SVC-CLIENT-ID');
  });
});

describe('EXAMPLE_CREDENTIALS', () => {
  const repositoryRoot = join(packageDir, '..', '..');

  it('are the first examples of the ClientId and Secret schemas', async () => {
    const { EXAMPLE_CREDENTIALS } = await importExport<{ EXAMPLE_CREDENTIALS: Credentials }>('./examples');
    const schemas = (document.components as { schemas: Record<string, { examples?: unknown[] }> }).schemas;
    expect(EXAMPLE_CREDENTIALS).toEqual({
      clientId: schemas.ClientId?.examples?.[0],
      secret: schemas.Secret?.examples?.[0],
    });
  });

  // Prose cannot import a module: these copies must remain, so they are checked against it.
  it.each([
    ['spec/README.md', (c: Credentials) => `| \`${c.clientId}\` / \`${c.secret}\` |`],
    ['spec/workflows/README.md', (c: Credentials) => `--input clientId=${c.clientId} --input secret=${c.secret}`],
  ])('are the ones %s states', async (file, line) => {
    const { EXAMPLE_CREDENTIALS } = await importExport<{ EXAMPLE_CREDENTIALS: Credentials }>('./examples');
    expect(readFileSync(join(repositoryRoot, file), 'utf8')).toContain(line(EXAMPLE_CREDENTIALS));
  });
});

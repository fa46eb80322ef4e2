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

describe.each(['./types', './headers'])('export %s', (subpath) => {
  it('resolves to a built declaration file and module, types first', () => {
    const target = manifest.exports[subpath];
    expect(target && Object.keys(target)).toEqual(['types', 'default']);
    expect(existsSync(join(packageDir, target?.types ?? '')), target?.types).toBe(true);
    expect(existsSync(join(packageDir, target?.default ?? '')), target?.default).toBe(true);
  });
});

describe('HEADER_NAMES', () => {
  it('holds the name of every header security scheme and header parameter of the document', async () => {
    const { HEADER_NAMES } = (await import(join(packageDir, manifest.exports['./headers']?.default ?? ''))) as {
      HEADER_NAMES: Record<string, string>;
    };
    const components = document.components as Record<string, Record<string, { in?: string; name?: string }>>;
    const declared = [
      ...Object.values(components.securitySchemes ?? {}),
      ...Object.values(components.parameters ?? {}),
    ]
      .filter((declaration) => declaration.in === 'header')
      .map((declaration) => declaration.name);
    expect(Object.values(HEADER_NAMES).sort()).toEqual(declared.sort());
    expect(HEADER_NAMES.clientId).toBe('SVC-CLIENT-ID');
  });
});

/**
 * Type-checks every TypeScript code sample against the built @svc/client, so a sample that no
 * longer compiles (renamed path, wrong field, changed client options) fails here, not in a
 * reader's editor.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { listOperations } from '@svc/openapi-kit';
import ts from 'typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { operationCodeSamples, packageDir } from '../src/index.js';
import { readBundledSpec } from './bundled-spec.js';

const document = readBundledSpec();
const cacheDir = join(packageDir, 'node_modules', '.cache');
mkdirSync(cacheDir, { recursive: true });
// Inside the package, so `@svc/client` resolves through packages/docs/node_modules.
const workDir = mkdtempSync(join(cacheDir, 'svc-docs-samples-'));

afterAll(() => {
  rmSync(workDir, { recursive: true, force: true });
});

/** The diagnostics of type-checking `sources` (file name → code) as ES modules. */
function typeCheck(sources: Record<string, string>): string[] {
  const files = Object.entries(sources).map(([name, source]) => {
    const file = join(workDir, name);
    writeFileSync(file, source);
    return file;
  });
  writeFileSync(join(workDir, 'package.json'), '{ "type": "module" }\n');
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    types: ['node'],
    typeRoots: [join(packageDir, 'node_modules', '@types')],
    strict: true,
    noUncheckedIndexedAccess: true,
    noEmit: true,
    skipLibCheck: true,
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.formatDiagnostic(diagnostic, ts.createCompilerHost({})).trim());
}

describe('TypeScript samples', () => {
  it('type-check against @svc/client for every operation', () => {
    const sources = Object.fromEntries(
      listOperations(document).map((entry) => {
        const typescript = operationCodeSamples(document, entry).find((sample) => sample.label === 'TypeScript');
        return [`${entry.operationId}.ts`, typescript?.source ?? ''];
      }),
    );
    expect(Object.keys(sources).length).toBe(listOperations(document).length);
    expect(typeCheck(sources)).toEqual([]);
  });

  it('would catch a sample with a misspelled request field', () => {
    const entry = listOperations(document).find((candidate) => candidate.path === '/item/remove');
    if (!entry) {
      throw new Error('the bundled spec has no /item/remove operation');
    }
    const typescript = operationCodeSamples(document, entry).find((sample) => sample.label === 'TypeScript');
    const broken = (typescript?.source ?? '').replace('access_token:', 'access_tokn:');
    expect(broken).not.toBe(typescript?.source);
    const diagnostics = typeCheck({ 'broken.ts': broken });
    expect(diagnostics.join('\n')).toContain('access_tokn');
  });
});

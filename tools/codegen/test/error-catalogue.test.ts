import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { generateErrorCatalogue, generateErrorTypes, readCatalogue } from '../src/index.js';

/** A document with a small catalogue. */
function documentWith(overrides: Record<string, unknown> = {}) {
  return {
    'x-error-catalogue': {
      documentation_url: { template: 'https://docs.example/errors/{type_slug}#{code_lower}' },
      types: [
        { name: 'ITEM_ERROR', slug: 'item', statuses: [400], meaning: "the Item can't serve it" },
        { name: 'ASSET_REPORT_ERROR', slug: 'asset-report', statuses: [400], meaning: 'not ready' },
      ],
      codes: [
        {
          code: 'PRODUCT_NOT_READY',
          type: 'ITEM_ERROR',
          status: 400,
          meaning: 'm1',
          suggested_action: "Retry, it's early.",
        },
        { code: 'ITEM_LOGIN_REQUIRED', type: 'ITEM_ERROR', status: 400, meaning: 'm2', suggested_action: 'Log in.' },
        {
          code: 'PRODUCT_NOT_READY',
          type: 'ASSET_REPORT_ERROR',
          status: 400,
          meaning: 'm3',
          suggested_action: 'Wait.',
        },
      ],
      ...overrides,
    },
  };
}

/**
 * The little of the standard library the generated file uses: loading the real lib.d.ts takes
 * seconds, many more on a busy 2-core machine.
 */
const MINIMAL_LIB = `
interface Array<T> { length: number; [n: number]: T }
interface ReadonlyArray<T> { readonly length: number; readonly [n: number]: T }
interface String { replace(pattern: string, replacement: string): string; toLowerCase(): string }
interface Boolean {} interface Number {} interface Object {} interface Function {} interface IArguments {}
interface RegExp {} interface CallableFunction {} interface NewableFunction {}
type Readonly<T> = { readonly [P in keyof T]: T[P] };
type Record<K extends keyof any, T> = { [P in K]: T };
`;

/** Compiles `source` with a probe appended, returning tsc's messages. */
function compile(source: string, probe: string): string[] {
  const options: ts.CompilerOptions = { strict: true, noEmit: true, noLib: true, types: [] };
  const host = ts.createCompilerHost(options);
  const original = host.getSourceFile.bind(host);
  const files: Record<string, string> = { 'lib.d.ts': MINIMAL_LIB, 'probe.ts': `${source}\n${probe}` };
  host.getSourceFile = (name, version) => {
    const text = files[name];
    return text === undefined ? original(name, version) : ts.createSourceFile(name, text, version);
  };
  const program = ts.createProgram(Object.keys(files), options, host);
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}

describe('generateErrorTypes', () => {
  it("writes the same types and codes as the servers' file, and none of its rows", () => {
    const types = generateErrorTypes(documentWith());
    const full = generateErrorCatalogue(documentWith());
    const declarations = types.slice(types.indexOf('/** Every `error_type`'));
    expect(full).toContain(declarations);
    expect(types).toContain('GENERATED FILE, DO NOT EDIT');
    expect(types).not.toContain('suggested_action');
    expect(types).not.toContain('documentationUrl');
    expect(compile(types, "const known: KnownErrorCode = 'ITEM_LOGIN_REQUIRED';")).toEqual([]);
  });
});

describe('generateErrorCatalogue', () => {
  const source = generateErrorCatalogue(documentWith());

  it('writes the types, the codes once each, the rows and the link template', () => {
    expect(source).toContain('GENERATED FILE, DO NOT EDIT');
    expect(source).toContain("export const ERROR_TYPES = [\n  'ITEM_ERROR',\n  'ASSET_REPORT_ERROR',\n] as const;");
    expect(source).toContain("export type KnownErrorCode =\n  | 'PRODUCT_NOT_READY'\n  | 'ITEM_LOGIN_REQUIRED';");
    expect(source).toContain('export type ErrorCode = KnownErrorCode | (string & {});');
    expect(source).toContain("  ITEM_ERROR: 'PRODUCT_NOT_READY' | 'ITEM_LOGIN_REQUIRED';");
    expect(source).toContain("    suggested_action: 'Retry, it\\'s early.',");
    expect(source).toContain(
      "export const DOCUMENTATION_URL_TEMPLATE = 'https://docs.example/errors/{type_slug}#{code_lower}';",
    );
  });

  it('compiles, and documentationUrl follows the template', () => {
    const probe = [
      "const url: 'x' = documentationUrl('ASSET_REPORT_ERROR', 'PRODUCT_NOT_READY');",
      "const code: ErrorCode = 'ANY_NEW_CODE';",
      "const known: KnownErrorCode = 'ITEM_LOGIN_REQUIRD';",
    ].join('\n');
    const messages = compile(source, probe);
    expect(messages).toEqual([
      "Type 'string' is not assignable to type '\"x\"'.",
      `Type '"ITEM_LOGIN_REQUIRD"' is not assignable to type 'KnownErrorCode'. Did you mean '"ITEM_LOGIN_REQUIRED"'?`,
    ]);
    const js = ts.transpileModule(source, { compilerOptions: { module: ts.ModuleKind.ESNext } }).outputText;
    const url = new Function(
      `${js.replaceAll('export ', '')}; return documentationUrl('ASSET_REPORT_ERROR', 'PRODUCT_NOT_READY');`,
    )();
    expect(url).toBe('https://docs.example/errors/asset-report#product_not_ready');
  });

  it.each([
    ['no catalogue', {}, /has no x-error-catalogue/],
    ['no rows', documentWith({ codes: [] }), /has no x-error-catalogue/],
    [
      'a template without placeholders',
      documentWith({ documentation_url: { template: 'https://docs.example/errors' } }),
      /must contain \{type_slug\} and \{code_lower\}/,
    ],
    [
      'a code of an unknown type',
      documentWith({ codes: [{ code: 'X', type: 'NOPE', status: 400, meaning: 'm', suggested_action: 'a' }] }),
      /error code "X" needs/,
    ],
  ])('refuses a document with %s', (_name, document, error) => {
    expect(() => readCatalogue(document)).toThrow(error);
  });

  it('covers every row of the bundled spec', () => {
    const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));
    const generated = generateErrorCatalogue(document);
    const rows = document['x-error-catalogue'].codes as unknown[];
    expect(generated.match(/^ {4}suggested_action: /gm)).toHaveLength(rows.length);
  });
});

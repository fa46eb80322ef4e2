import { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { extensibleEnumType, generatedBanner, generateEnvironments } from '../src/index.js';

/** Prints a type node as TypeScript source. */
function print(node: ts.TypeNode | undefined): string | undefined {
  return node ? astToString(node).trim() : undefined;
}

describe('extensibleEnumType', () => {
  it.each([
    [
      'an open enum',
      { type: 'string', 'x-extensible-enum': ['checking', 'savings'] },
      '"checking" | "savings" | (string & {})',
    ],
    [
      'a nullable open enum',
      { type: ['string', 'null'], 'x-extensible-enum': ['home'] },
      '("home" | (string & {})) | null',
    ],
    [
      'a closed enum (left to openapi-typescript)',
      { type: 'string', enum: ['a'], 'x-extensible-enum': ['a'] },
      undefined,
    ],
    ['a plain string', { type: 'string' }, undefined],
  ])('%s', (_name, schema, want) => {
    expect(print(extensibleEnumType(schema))).toBe(want);
  });

  it('type-checks unknown values while keeping the known ones', () => {
    const source = `type Subtype = ${print(extensibleEnumType({ type: 'string', 'x-extensible-enum': ['checking'] }))};
const known: Subtype = 'checking';
const added: Subtype = 'brokerage';
const wrong: Subtype = 42;`;
    // No default lib: the probe needs only primitives, and loading lib.d.ts takes seconds.
    const options = { strict: true, noEmit: true, noLib: true, types: [] };
    const host = ts.createCompilerHost(options);
    const original = host.getSourceFile.bind(host);
    host.getSourceFile = (name, version) =>
      name === 'probe.ts' ? ts.createSourceFile(name, source, version) : original(name, version);
    const program = ts.createProgram(['probe.ts'], options, host);
    const diagnostics = program.getSemanticDiagnostics(program.getSourceFile('probe.ts'));
    const messages = diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    expect(messages).toHaveLength(1);
    expect(messages[0]).toContain("Type '42' is not assignable");
  });
});

describe('generateEnvironments', () => {
  it('maps each server to its x-environment name', () => {
    const out = generateEnvironments({
      servers: [
        { url: 'https://sandbox.api.svc.example', description: 'Sandbox', 'x-environment': 'sandbox' },
        { url: 'https://production.api.svc.example', description: 'Production', 'x-environment': 'production' },
      ],
    });
    expect(out.startsWith(generatedBanner("Base URLs of the API's environments, from the spec's `servers`."))).toBe(
      true,
    );
    expect(out).toContain('sandbox: "https://sandbox.api.svc.example",');
    expect(out).toContain('production: "https://production.api.svc.example",');
    expect(out).toContain('export type Environment = keyof typeof environments;');
  });

  it.each([
    ['a server without x-environment', { servers: [{ url: 'https://x.example' }] }, /needs an x-environment name/],
    ['no servers', { servers: [] }, /declares no servers/],
  ])('refuses %s', (_name, document, error) => {
    expect(() => generateEnvironments(document)).toThrow(error);
  });
});

describe('generatedBanner', () => {
  it('says the file is generated and how to regenerate it', () => {
    expect(generatedBanner('Types.')).toContain('GENERATED FILE, DO NOT EDIT');
    expect(generatedBanner('Types.')).toContain('pnpm generate');
  });
});

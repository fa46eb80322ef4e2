import { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import {
  describeReferencedProperties,
  extensibleEnumType,
  generatedBanner,
  generateEnvironments,
  generateSchemaTypes,
} from '../src/index.js';

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

describe('describeReferencedProperties', () => {
  /** A small document: properties referencing components, with and without their own description. */
  const document = {
    openapi: '3.1.0',
    info: { title: 'T', version: '1' },
    paths: {},
    components: {
      schemas: {
        Token: { type: 'string', description: 'A token.' },
        Alias: { $ref: '#/components/schemas/Token' },
        Plain: { type: 'string' },
        Holder: {
          type: 'object',
          properties: {
            token: { $ref: '#/components/schemas/Token' },
            wrapped: { allOf: [{ $ref: '#/components/schemas/Token' }] },
            aliased: { $ref: '#/components/schemas/Alias' },
            own: { $ref: '#/components/schemas/Token', description: 'My own words.' },
            plain: { $ref: '#/components/schemas/Plain' },
            nested: { type: 'object', properties: { inner: { $ref: '#/components/schemas/Token' } } },
          },
        },
      },
    },
  };

  it.each([
    ['a $ref', 'token', 'A token.'],
    ['an allOf of one $ref', 'wrapped', 'A token.'],
    ['a $ref to a reference-only component', 'aliased', 'A token.'],
    ['a $ref with its own description (kept)', 'own', 'My own words.'],
    ['a $ref to a component without description', 'plain', undefined],
  ])('%s', (_name, property, want) => {
    const described = describeReferencedProperties(document);
    expect(described.components.schemas.Holder.properties[property].description).toBe(want);
  });

  it('reaches nested properties and leaves the input untouched', () => {
    const described = describeReferencedProperties(document);
    expect(described.components.schemas.Holder.properties.nested.properties.inner.description).toBe('A token.');
    expect(document.components.schemas.Holder.properties.token).toEqual({ $ref: '#/components/schemas/Token' });
  });

  it('makes openapi-typescript write the JSDoc on the referencing property', async () => {
    const out = await generateSchemaTypes(document);
    expect(out).toMatch(/\/\*\* @description A token\. \*\/\n\s+token\?: components\["schemas"\]\["Token"\];/);
    expect(out).toMatch(/\/\*\* @description My own words\. \*\/\n\s+own\?: components\["schemas"\]\["Token"\];/);
  });
});

/**
 * What an editor shows: asks the TypeScript language service, as VS Code does, for the quick info
 * (hover) of named methods and of response fields, and for the completions after `client.`, and
 * checks them against the spec.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openapiJsonPath } from '@svc/spec';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { operationTable } from '../src/index.js';

const packageDir = join(import.meta.dirname, '..');
const probePath = join(packageDir, 'test', '__hover_probe__.ts');
const probe = `import { type components, createClient, type ResponseBody } from '../src/index.js';
const client = createClient({ clientId: 'id', secret: 'secret' });
client.itemPublicTokenExchange;
client.paymentInitiationPaymentTokenCreate;
client.paginate.transferList;
declare const exchanged: ResponseBody<'itemPublicTokenExchange'>;
exchanged.access_token;
exchanged.request_id;
declare const mortgage: components['schemas']['MortgageLiability'];
mortgage.property_address;
client.POST;
`;

/** The names offered after the `.` of the probe line containing `text` (the line's end). */
function completions(service: ts.LanguageService, text: string): string[] {
  const position = probe.indexOf(text) + text.indexOf('.') + 1;
  const info = service.getCompletionsAtPosition(probePath, position, {});
  return (info?.entries ?? []).map((entry) => entry.name).sort();
}

/** The quick info (hover) of the last identifier of the probe line containing `text`. */
function hover(service: ts.LanguageService, text: string) {
  const position = probe.indexOf(text) + text.length - 1;
  const info = service.getQuickInfoAtPosition(probePath, position);
  return {
    /** The text, with openapi-typescript's `@description` tag shown as text, as editors do. */
    documentation: [
      ts.displayPartsToString(info?.documentation),
      ...(info?.tags ?? []).filter((tag) => tag.name === 'description').map((tag) => ts.displayPartsToString(tag.text)),
    ].join('\n'),
    tags: (info?.tags ?? []).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`),
  };
}

/** A language service over the probe, with the package's compiler options. */
function languageService(): ts.LanguageService {
  const config = ts.readConfigFile(join(packageDir, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, packageDir);
  return ts.createLanguageService({
    getCompilationSettings: () => options,
    getScriptFileNames: () => [probePath],
    getScriptVersion: () => '1',
    getScriptSnapshot: (name) => {
      const text = name === probePath ? probe : ts.sys.readFile(name);
      return text === undefined ? undefined : ts.ScriptSnapshot.fromString(text);
    },
    getCurrentDirectory: () => packageDir,
    getDefaultLibFileName: ts.getDefaultLibFilePath,
    fileExists: (name) => name === probePath || ts.sys.fileExists(name),
    readFile: (name) => (name === probePath ? probe : ts.sys.readFile(name)),
  });
}

const service = languageService();
const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));

describe('docs on hover', () => {
  it("shows an operation's summary, description and retry policy", () => {
    const operation = document.paths['/item/public_token/exchange'].post;
    const { documentation, tags } = hover(service, 'client.itemPublicTokenExchange');
    expect(documentation).toContain(operation.summary);
    expect(documentation).toContain(operation.description.split('\n')[0]);
    expect(documentation).toContain('**Retries:** only when the request provably never left');
    expect(tags).toContain('@see POST /item/public_token/exchange');
  }, 30_000);

  it('marks a deprecated operation @deprecated', () => {
    const { tags } = hover(service, 'client.paymentInitiationPaymentTokenCreate');
    expect(tags.some((tag) => tag.startsWith('@deprecated'))).toBe(true);
  });

  it('documents the paginators', () => {
    expect(hover(service, 'client.paginate.transferList').documentation).toContain(
      'Raises `offset` by `count` until a page is shorter than `count`.',
    );
  });

  it.each([
    ['exchanged.access_token', 'AccessToken'],
    ['exchanged.request_id', 'RequestId'],
  ])("shows the component's docs on %s, a field that only references %s", (line, component) => {
    const { description } = document.components.schemas[component];
    expect(description).toEqual(expect.any(String));
    expect(hover(service, line).documentation).toContain(description.split('\n')[0]);
  });

  it("keeps a referencing field's own description when it has one", () => {
    const schemas = document.components.schemas;
    const own = schemas.MortgageLiability.properties.property_address;
    expect(own.$ref).toBe('#/components/schemas/Address');
    const { documentation } = hover(service, 'mortgage.property_address');
    expect(documentation).toContain(own.description.split('\n')[0]);
    expect(documentation).not.toContain(schemas.Address.description.split('\n')[0]);
  });
});

describe('completions', () => {
  it('offers after `client.` only what the client has: POST, use, eject, the named methods and paginate', () => {
    const offered = completions(service, 'client.POST;');
    expect(offered).toEqual(['POST', 'eject', 'paginate', 'use', ...Object.keys(operationTable)].sort());
    for (const absent of ['GET', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'TRACE', 'request']) {
      expect(offered).not.toContain(absent);
    }
  }, 30_000);
});

/**
 * What an editor shows on hover: asks the TypeScript language service for the quick info of
 * named methods on a client, as VS Code does, and checks the spec's docs are there.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openapiJsonPath } from '@svc/spec';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const packageDir = join(import.meta.dirname, '..');
const probePath = join(packageDir, 'test', '__hover_probe__.ts');
const probe = `import { createClient } from '../src/index.js';
const client = createClient({ clientId: 'id', secret: 'secret' });
client.itemPublicTokenExchange;
client.paymentInitiationPaymentTokenCreate;
client.paginate.transferList;
`;

/** The quick info (hover) of the last identifier of the probe line containing `text`. */
function hover(service: ts.LanguageService, text: string) {
  const position = probe.indexOf(text) + text.length - 1;
  const info = service.getQuickInfoAtPosition(probePath, position);
  return {
    documentation: ts.displayPartsToString(info?.documentation),
    tags: (info?.tags ?? []).map((tag) => `@${tag.name} ${ts.displayPartsToString(tag.text)}`),
  };
}

describe('docs on hover', () => {
  const config = ts.readConfigFile(join(packageDir, 'tsconfig.json'), ts.sys.readFile);
  const { options } = ts.parseJsonConfigFileContent(config.config, ts.sys, packageDir);
  const host: ts.LanguageServiceHost = {
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
  };
  const service = ts.createLanguageService(host);
  const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));

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
});

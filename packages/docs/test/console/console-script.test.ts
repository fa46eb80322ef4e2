/**
 * The console added to the page: its data read from the spec (servers, header names, fault
 * choices, error anchors, operations with their examples and Prefer choices), its script one
 * classic script with no import or export that a browser parses, the values carried from one
 * answer to the next request, and the page refused when it already has a console.
 */
import { readFileSync } from 'node:fs';
import { listOperations, readWorkflowFiles } from '@svc/openapi-kit';
import { workflowsPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { consoleData } from '../../src/console/console-data.js';
import { CONSOLE_DATA_ID, carriedValues, withField } from '../../src/console/console-page.js';
import { CONSOLE_SCRIPT_ID, consoleScript, withConsole } from '../../src/console/console-script.js';
import { readBundledSpec } from '../bundled-spec.js';

const document = readBundledSpec();
const workflowFiles = readWorkflowFiles(workflowsPath);
const data = consoleData(document, workflowFiles);
const PAGE = '<html><head><title>t</title></head><body><div id="redoc"></div></body></html>';

describe('the console data', () => {
  it('names the headers as the spec does', () => {
    const parameters = document.components?.parameters as Record<string, { name: string }>;
    expect(data.headers).toEqual({
      clientId: 'SVC-CLIENT-ID',
      secret: 'SVC-SECRET',
      fault: parameters.SandboxFault?.name,
    });
  });

  it('offers the fault header examples and the catalogue errors a server can answer with', () => {
    expect(data.faultChoices).toEqual(
      expect.arrayContaining(['drop=after_commit', 'error=SERVICE_UNAVAILABLE', 'error=RATE_LIMIT']),
    );
    expect(data.faultChoices).not.toContain('error=MISSING_FIELDS');
  });

  it('has every server of the spec, the local sandbox and the mock among them', () => {
    const servers = (document.servers ?? []) as { url: string }[];
    expect(data.servers.map((server) => server.url)).toEqual(servers.map((server) => server.url));
    expect(data.servers.map((server) => server.environment)).toEqual(expect.arrayContaining(['local', 'mock']));
  });

  it('links every error code to an anchor the built page has', () => {
    const html = readFileSync(new URL('../../dist/index.html', import.meta.url), 'utf8');
    for (const [code, anchor] of Object.entries(data.errorAnchors)) {
      expect(html, code).toContain(`id="${anchor.slice(1)}"`);
    }
  });

  it('has every operation with a request body, with its examples, fields and Prefer choices', () => {
    expect(Object.keys(data.operations).length).toBe(listOperations(document).length);
    const remove = data.operations.itemremove as {
      path: string;
      fields: string[];
      prefer: { value: string }[];
      examples: unknown[];
    };
    expect(remove.path).toBe('/item/remove');
    expect(remove.fields).toEqual(['client_id', 'secret', 'access_token']);
    expect(remove.examples.length).toBeGreaterThan(0);
    expect(remove.prefer.map((choice) => choice.value)).toEqual(
      expect.arrayContaining(['example=missingFields', 'code=400']),
    );
    expect(data.clock).toEqual({ get: '/sandbox/clock/get', advance: '/sandbox/clock/advance' });
  });

  it('keeps no prose in the schemas it embeds, and every $ref it holds resolves', () => {
    const text = JSON.stringify(data);
    const refs = [...text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(refs.length).toBeGreaterThan(0);
    for (const name of refs) {
      expect(data.root.components.schemas, name).toHaveProperty(name);
    }
    const schemas = data.root.components.schemas as Record<string, Record<string, unknown>>;
    for (const keyword of ['title', 'description', 'examples']) {
      expect(Object.values(schemas).filter((schema) => keyword in schema)).toEqual([]);
    }
  });
});

describe('the console script', () => {
  it('is one classic script a browser parses, with no import or export', () => {
    const script = consoleScript();
    expect(script).not.toMatch(/^\s*(import|export)\b/m);
    expect(() => new Function(script)).not.toThrow();
  });

  it('is added once, with its data, at the end of the body', () => {
    const html = withConsole(PAGE, document, workflowFiles);
    const data = new RegExp(`<script type="application/json" id="${CONSOLE_DATA_ID}">(.*?)</script>`, 's').exec(html);
    expect(JSON.parse(data?.[1] ?? 'null')).toHaveProperty('operations');
    expect(html.indexOf(`id="${CONSOLE_SCRIPT_ID}"`)).toBeLessThan(html.indexOf('</body>'));
    expect(() => withConsole(html, document, workflowFiles)).toThrow(/already has the console/);
  });
});

describe('carried values', () => {
  it.each([
    [
      'tokens and ids, not the request id',
      { public_token: 'p', item_id: 'i', request_id: 'r', count: 1 },
      [
        ['public_token', 'p'],
        ['item_id', 'i'],
      ],
    ],
    [
      'the id of a top-level object',
      { transfer: { id: 't', amount: '1.00' }, request_id: 'r' },
      [['transfer_id', 't']],
    ],
    ['nothing from an array or text', ['x'], []],
  ])('takes %s', (_label, body, expected) => {
    expect(carriedValues(body)).toEqual(expected);
  });

  it('sets a field of the body, and leaves a body that is not an object', () => {
    expect(JSON.parse(withField('{"a": 1}', 'access_token', 'x') ?? '')).toEqual({ a: 1, access_token: 'x' });
    expect(withField('[1]', 'a', 'x')).toBeUndefined();
    expect(withField('{', 'a', 'x')).toBeUndefined();
  });
});

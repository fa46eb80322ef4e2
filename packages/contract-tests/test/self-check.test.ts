import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContractCase } from '../src/cases/types.js';
import { runCase } from '../src/run-case.js';
import { caseTarget, prepareSuite } from '../src/setup.js';

// The suite must be able to fail. These tests point it at deliberately wrong servers and assert
// that it reports the breakage, naming the operation and what is wrong.

const { validator, cases } = prepareSuite();

/** A server that answers every request with the same status and body, whatever was sent. */
async function fixedServer(status: number, body: unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(status, { 'Content-Type': 'application/json' });
      response.end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** The first case of `operationId` of the given kind. */
function caseOf(operationId: string, kind: ContractCase['kind']): ContractCase {
  const found = cases.find((item) => item.operationId === operationId && item.kind === kind);
  if (!found) {
    throw new Error(`no ${kind} case for ${operationId}`);
  }
  return found;
}

const servers: Server[] = [];
let wrongShape: string;
let acceptsAnything: string;

beforeAll(async () => {
  const wrong = await fixedServer(200, { request_id: 42 });
  const lenient = await fixedServer(200, { request_id: 'Ab12Cd34Ef56Gh7' });
  servers.push(wrong.server, lenient.server);
  wrongShape = wrong.url;
  acceptsAnything = lenient.url;
});

afterAll(async () => {
  await Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve))));
});

describe('the suite catches a server that returns the wrong shape', () => {
  it.each(['authGet', 'itemPublicTokenExchange', 'transferList'])('%s success case fails', async (operationId) => {
    const result = await runCase(caseOf(operationId, 'success'), caseTarget(wrongShape, validator));
    expect(result.problems).toContain('response body does not match the schema: /request_id must be string');
    expect(result.report).toContain(operationId);
    expect(result.report).toContain('request (credentials in headers)');
  });
});

describe('the suite catches a server that accepts invalid requests', () => {
  it.each([
    ['itemRemove', 'missing-field'],
    ['transferList', 'constraint-rejected'],
    ['authGet', 'unknown-field'],
    ['authGet', 'no-credentials'],
  ] as const)('%s %s case fails', async (operationId, kind) => {
    const item = caseOf(operationId, kind);
    const result = await runCase(item, caseTarget(acceptsAnything, validator));
    expect(result.problems).toEqual([`expected HTTP ${item.expect.status}, got 200`]);
  });
});

describe('the suite catches a wrong error object', () => {
  it('fails when the error does not name the field or has the wrong code', async () => {
    const vague = await fixedServer(400, {
      error_type: 'INVALID_REQUEST',
      error_code: 'SOMETHING_WRONG',
      error_message: 'bad request',
      display_message: null,
      request_id: 'Ab12Cd34Ef56Gh7',
      causes: [],
      status: 400,
      documentation_url: 'https://docs.svc.example/errors/invalid-request#something_wrong',
      suggested_action: null,
    });
    servers.push(vague.server);
    const result = await runCase(caseOf('itemRemove', 'missing-field'), caseTarget(vague.url, validator));
    expect(result.problems).toEqual([
      'expected error_code MISSING_FIELDS, got "SOMETHING_WRONG"',
      'error_message should name access_token: "bad request"',
    ]);
  });
});

describe('the suite catches a wrong documented example', () => {
  it('fails an error example that does not match the error schema', async () => {
    const item = { ...caseOf('itemRemove', 'error-example'), body: { error_type: 'INVALID_REQUEST' } };
    const result = await runCase(item, caseTarget(acceptsAnything, validator));
    expect(result.problems.length).toBeGreaterThan(0);
    expect(result.problems[0]).toMatch(/^example does not match #\/.+: \(body\) must have required property/);
  });
});

/**
 * The respect runner against a throwaway API on 127.0.0.1: a passing and a failing workflow are
 * reported as such, so the workflow test cannot pass when a step fails.
 */
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeFailures, NODE_END_OF_LIFE_NOTICE, type RespectWorkflow } from '../src/respect-report.js';
import { type RespectResult, redoclyCliPath, respectArguments, runRespect } from '../src/run-respect.js';

const openapi = `openapi: 3.1.0
info: {title: Echo, version: 1.0.0}
paths:
  /echo:
    post:
      operationId: echo
      requestBody:
        content:
          application/json:
            schema: {type: object}
      responses:
        '200':
          description: ok
          content:
            application/json:
              schema:
                type: object
                required: [status]
                properties:
                  status: {type: string}
`;

const flows = `arazzo: 1.0.1
info: {title: Echo flows, version: 1.0.0}
sourceDescriptions:
  - {name: api, url: ./openapi.yaml, type: openapi}
workflows:
  - workflowId: passes
    inputs:
      type: object
      properties:
        word: {type: string}
    steps:
      - stepId: echo
        operationId: echo
        requestBody: {contentType: application/json, payload: {word: $inputs.word}}
        successCriteria:
          - condition: $statusCode == 200
          - condition: $response.body#/status == 'ok'
  - workflowId: fails
    steps:
      - stepId: echo
        operationId: echo
        requestBody: {contentType: application/json, payload: {word: again}}
        successCriteria:
          - condition: $response.body#/status == 'not ok'
`;

let directory: string;
let server: Server;
let result: RespectResult;
const received: unknown[] = [];

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'respect-runner-'));
  await writeFile(join(directory, 'openapi.yaml'), openapi);
  await writeFile(join(directory, 'flows.arazzo.yaml'), flows);
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push(body === '' ? undefined : JSON.parse(body));
      response.setHeader('Content-Type', 'application/json');
      response.end('{"status":"ok"}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  result = await runRespect({
    files: [join(directory, 'flows.arazzo.yaml')],
    servers: { api: `http://127.0.0.1:${port}` },
    inputs: { word: 'hello' },
  });
}, 60_000);

afterAll(async () => {
  server?.close();
  await rm(directory, { recursive: true, force: true });
});

/** The top-level run of `workflowId`. */
function run(workflowId: string): RespectWorkflow {
  const workflows = Object.values(result.report?.files ?? {}).flatMap((file) => file.executedWorkflows);
  const found = workflows.find((workflow) => workflow.workflowId === workflowId);
  if (!found) {
    throw new Error(`no run of ${workflowId}: ${result.stdout}`);
  }
  return found;
}

describe('runRespect', () => {
  it('sends the inputs and reports a passing workflow as passed', () => {
    expect(received).toContainEqual({ word: 'hello' });
    expect(describeFailures(run('passes'))).toEqual([]);
  });

  it('reports a failing criterion with the step, the response and the condition, and exits non-zero', () => {
    const [failure, ...others] = describeFailures(run('fails'));
    expect(others).toEqual([]);
    expect(failure).toContain('fails › echo');
    expect(failure).toContain('HTTP 200 {"status":"ok"}');
    expect(failure).toContain("$response.body#/status == 'not ok'");
    expect(result.exitCode).not.toBe(0);
  });

  it("drops Redocly's Node 20 notice from stderr", () => {
    expect(result.stderr).not.toContain(NODE_END_OF_LIFE_NOTICE);
  });
});

describe('respectArguments', () => {
  it('passes files, servers, inputs, the step limit and the report path', () => {
    expect(
      respectArguments(
        {
          files: ['a.arazzo.yaml'],
          servers: { svc: 'http://127.0.0.1:1' },
          inputs: { x: '1', y: 'two' },
          maxSteps: 50,
        },
        '/tmp/r.json',
      ),
    ).toEqual([
      'respect',
      'a.arazzo.yaml',
      '--server',
      'svc=http://127.0.0.1:1',
      '--input',
      'x=1',
      '--input',
      'y=two',
      '--max-steps',
      '50',
      '--json-output',
      '/tmp/r.json',
    ]);
  });

  it('finds the Redocly CLI executable', () => {
    expect(existsSync(redoclyCliPath())).toBe(true);
  });
});

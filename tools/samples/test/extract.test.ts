import { describe, expect, it } from 'vitest';
import { extractFences, extractSamples } from '../src/extract.js';
import { pointAt } from '../src/run-sample.js';

const markdown = [
  '# T',
  '```sh',
  'npm start',
  '```',
  '```sh status=400',
  "curl -s http://127.0.0.1:4010/item/remove -d '{}'",
  '```',
  '```ts',
  "import { createClient } from '@svc/client';",
  '```',
  '```ts norun',
  'fragment(clientId);',
  '```',
  '```json',
  '{}',
  '```',
].join('\n');

describe('extractSamples', () => {
  it('finds curl blocks and TypeScript blocks, with norun and status=', () => {
    expect(extractSamples(markdown, 'README.md')).toEqual([
      {
        name: 'README.md:5',
        kind: 'curl',
        source: "curl -s http://127.0.0.1:4010/item/remove -d '{}'\n",
        skip: false,
        status: 400,
      },
      { name: 'README.md:8', kind: 'typescript', source: "import { createClient } from '@svc/client';\n", skip: false },
      { name: 'README.md:11', kind: 'typescript', source: 'fragment(clientId);\n', skip: true },
    ]);
  });
});

describe('extractFences', () => {
  it('gives every fenced block with its line, language, info words and code', () => {
    const fences = extractFences(`${markdown}\n~~~tsx\nconst a = <p />;\n~~~\n`, 'README.md');
    expect(fences.map(({ line, language, words }) => ({ line, language, words }))).toEqual([
      { line: 2, language: 'sh', words: [] },
      { line: 5, language: 'sh', words: ['status=400'] },
      { line: 8, language: 'ts', words: [] },
      { line: 11, language: 'ts', words: ['norun'] },
      { line: 14, language: 'json', words: [] },
      { line: 17, language: 'tsx', words: [] },
    ]);
    expect(fences[5]).toMatchObject({ name: 'README.md:17', source: 'const a = <p />;\n' });
  });
});

describe('pointAt', () => {
  it('points local URLs and environment names at the runner servers', () => {
    const targets = {
      sandbox: 'http://127.0.0.1:1',
      mock: 'http://127.0.0.1:2',
      clientId: 'c',
      secret: 's',
      webhookSecret: 'w',
    };
    expect(
      pointAt("x http://127.0.0.1:4020/a http://127.0.0.1:4010/b environment: 'local', environment: 'mock'", targets),
    ).toBe("x http://127.0.0.1:1/a http://127.0.0.1:2/b baseUrl: 'http://127.0.0.1:1', baseUrl: 'http://127.0.0.1:2'");
  });

  it.each([
    // A sandbox whose port starts like the mock's: its URL must not be read as the mock's.
    ['http://127.0.0.1:40105', 'http://127.0.0.1:38765'],
    ['http://127.0.0.1:40201', 'http://127.0.0.1:40109'],
  ])('leaves a target URL as it is when it starts like another local URL (sandbox %s, mock %s)', (sandbox, mock) => {
    const targets = { sandbox, mock, clientId: 'c', secret: 's', webhookSecret: 'w' };
    expect(
      pointAt(
        "curl http://127.0.0.1:4020/auth/get; curl https://sandbox.api.svc.example/x; curl http://127.0.0.1:4010/y; environment: 'sandbox'",
        targets,
      ),
    ).toBe(`curl ${sandbox}/auth/get; curl ${sandbox}/x; curl ${mock}/y; baseUrl: '${sandbox}'`);
  });

  it('leaves a URL that only starts like a local one', () => {
    const targets = {
      sandbox: 'http://127.0.0.1:1',
      mock: 'http://127.0.0.1:2',
      clientId: 'c',
      secret: 's',
      webhookSecret: 'w',
    };
    expect(pointAt('http://127.0.0.1:40201/a', targets)).toBe('http://127.0.0.1:40201/a');
  });
});

import { describe, expect, it } from 'vitest';
import { extractSamples } from '../src/extract.js';
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
});

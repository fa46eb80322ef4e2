import { readFileSync } from 'node:fs';
import type { OpenApiDocument } from '@svc/openapi-kit';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { LOCAL_NOTE_ID, withLocalSamples } from '../src/local-samples.js';

const document = JSON.parse(readFileSync(openapiJsonPath, 'utf8')) as OpenApiDocument;
const page = [
  '<html><body class="x">',
  '"servers":[{"url":"https://sandbox.api.svc.example","x-environment":"sandbox"}]',
  `"source":"curl -X POST 'https://sandbox.api.svc.example/item/remove' \\\\"`,
  `"source":"const client = createClient({\\n  environment: 'sandbox',\\n});"`,
  '</body></html>',
].join('\n');

describe('withLocalSamples', () => {
  it("points the curl samples and the client's environment at the local sandbox, and says how to switch", () => {
    const html = withLocalSamples(page, document, 'http://127.0.0.1:4020');
    expect(html).toContain("curl -X POST 'http://127.0.0.1:4020/item/remove'");
    expect(html).toContain("environment: 'local',");
    expect(html).not.toContain("environment: 'sandbox',");
    // The server list keeps the hosted sandbox.
    expect(html).toContain('"servers":[{"url":"https://sandbox.api.svc.example"');
    const note = new RegExp(`<body class="x"><div id="${LOCAL_NOTE_ID}"[^>]*>(.*?)</div>`).exec(html)?.[1] ?? '';
    expect(note).toContain('your local sandbox at <code>http://127.0.0.1:4020</code>');
    expect(note).toContain('<code>https://sandbox.api.svc.example</code>');
  });

  it('uses baseUrl for a sandbox on another port than the spec names', () => {
    const html = withLocalSamples(page, document, 'http://127.0.0.1:5020/');
    expect(html).toContain("curl -X POST 'http://127.0.0.1:5020/item/remove'");
    expect(html).toContain("baseUrl: 'http://127.0.0.1:5020',");
  });
});

import { readFileSync } from 'node:fs';
import { openapiJsonPath } from '@svc/spec';
import { describe, expect, it } from 'vitest';
import { describeHeaderNames, generateHeaderNames } from '../src/index.js';

const bundled = JSON.parse(readFileSync(openapiJsonPath, 'utf8'));

describe('describeHeaderNames', () => {
  it('names every header of the bundled spec: the credentials, the version, the sandbox fault, the sandbox admin key and the webhook headers', () => {
    expect(Object.fromEntries(describeHeaderNames(bundled).map(({ key, name }) => [key, name]))).toEqual({
      clientId: 'SVC-CLIENT-ID',
      secret: 'SVC-SECRET',
      svcVersion: 'SVC-Version',
      sandboxFault: 'SVC-Sandbox-Fault',
      sandboxAdminKey: 'SVC-Sandbox-Admin-Key',
      webhookId: 'SVC-Webhook-Id',
      webhookSignature: 'SVC-Signature',
    });
  });

  it.each([
    ['no header at all', { components: {} }, 'declares no header'],
    [
      'a header parameter without a name',
      { components: { parameters: { Trace: { in: 'header' } } } },
      'components.parameters.Trace declares a header without a name',
    ],
    [
      'one key for two names',
      {
        components: {
          securitySchemes: { trace: { type: 'apiKey', in: 'header', name: 'X-Trace' } },
          parameters: { Trace: { in: 'header', name: 'X-Trace-Id' } },
        },
      },
      '"trace" names both X-Trace and X-Trace-Id',
    ],
  ])('refuses %s', (_name, document, message) => {
    expect(() => describeHeaderNames(document)).toThrow(message);
  });

  it('leaves out query parameters and security schemes that are not headers', () => {
    const document = {
      components: {
        securitySchemes: { token: { type: 'http', scheme: 'bearer' }, key: { type: 'apiKey', in: 'query', name: 'k' } },
        parameters: { Page: { in: 'query', name: 'page' }, RequestId: { in: 'header', name: 'X-Request-Id' } },
      },
    };
    expect(describeHeaderNames(document).map(({ key }) => key)).toEqual(['requestId']);
  });
});

describe('generateHeaderNames', () => {
  it('writes HEADER_NAMES as a const object with the first sentence of each description', () => {
    const out = generateHeaderNames({
      components: { parameters: { RequestId: { in: 'header', name: 'X-Request-Id', description: 'The id. More.' } } },
    });
    expect(out).toContain('GENERATED FILE, DO NOT EDIT');
    expect(out).toContain("  /** `X-Request-Id`: The id. */\n  requestId: 'X-Request-Id',");
    expect(out).toContain('} as const;');
    expect(out).not.toContain('Header = ');
  });

  it('with constants, writes each name as a constant of its own and HEADER_NAMES from them', () => {
    const out = generateHeaderNames(
      {
        components: {
          parameters: { RequestId: { in: 'header', name: 'X-Request-Id', description: 'The id. More.' } },
          securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'X-Api-Key' } },
        },
      },
      { constants: true },
    );
    expect(out).toContain("/** `X-Request-Id`: The id. */\nexport const requestIdHeader = 'X-Request-Id';");
    expect(out).toContain("export const apiKeyHeader = 'X-Api-Key';");
    expect(out).toContain(
      'export const HEADER_NAMES = {\n  apiKey: apiKeyHeader,\n  requestId: requestIdHeader,\n} as const;',
    );
  });
});

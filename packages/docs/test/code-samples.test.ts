import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { listOperations, type OpenApiDocument } from '@svc/openapi-kit';
import { describe, expect, it } from 'vitest';
import {
  credentialHeaders,
  defaultRequestExample,
  madeValue,
  operationCodeSamples,
  SAMPLE_SETUPS,
  serverUrl,
  withCodeSamples,
} from '../src/code-samples.js';
import { readBundledSpec } from './bundled-spec.js';

const document = readBundledSpec();
const operations = listOperations(document);

/** Ends each recorded call, and comes before the recorded calls in the output. */
const CALL_END = '\u0001';

/**
 * Runs a curl sample in bash with `curl` replaced by a function that records its arguments (one
 * entry per call) and answers `{"<field>":"made-by-setup"}` for every field a setup call takes,
 * so the test sees exactly what curl would receive, call by call.
 */
function curlCalls(source: string): string[][] {
  const answer = JSON.stringify(
    Object.fromEntries(Object.values(SAMPLE_SETUPS).map(({ field }) => [field, 'made-by-setup'])),
  );
  const script = [
    `curl() { for argument in "$@"; do printf '%s\\0' "$argument" >> "$CALLS"; done; printf '\\001' >> "$CALLS"; printf '%s' '${answer}'; }`,
    source,
    `printf '\\001'`,
    'cat "$CALLS"',
  ].join('\n');
  const result = spawnSync('bash', ['-c', script], {
    encoding: 'utf8',
    env: {
      PATH: process.env.PATH ?? '',
      SVC_CLIENT_ID: 'cid-from-env',
      SVC_SECRET: 'secret-from-env',
      SVC_SANDBOX_ADMIN_KEY: 'admin-key-from-env',
      CALLS: join(mkdtempSync(join(tmpdir(), 'curl-calls-')), 'calls'),
    },
  });
  if (result.status !== 0) {
    throw new Error(`bash failed: ${result.stderr}`);
  }
  // The sample's own output (the stub's last answer) comes first, then the recorded calls.
  const recorded = result.stdout.slice(result.stdout.indexOf(CALL_END) + 1);
  return recorded
    .split(CALL_END)
    .slice(0, -1)
    .map((call) => call.split('\0').slice(0, -1));
}

/** The paths of the operations the admin key secures (their first security requirement names it). */
const ADMIN_KEY_PATHS = new Set(
  operations
    .filter((entry) => {
      const [first] = (entry.operation as { security?: Record<string, string[]>[] }).security ?? [];
      return first !== undefined && 'sandboxAdminKey' in first;
    })
    .map((entry) => entry.path),
);

/** The arguments curl gets to send `body` to `path` with the credentials of the environment. */
function expectedCall(path: string, body: unknown, flags: string[] = []): string[] {
  // The sandbox's admin operations (secured by the admin key) send it instead of the client's credentials.
  const credentials = ADMIN_KEY_PATHS.has(path)
    ? ['-H', 'SVC-Sandbox-Admin-Key: admin-key-from-env']
    : ['-H', 'SVC-CLIENT-ID: cid-from-env', '-H', 'SVC-SECRET: secret-from-env'];
  return [
    ...flags,
    '-X',
    'POST',
    `${serverUrl(document)}${path}`,
    '-H',
    'Content-Type: application/json',
    ...credentials,
    '-d',
    JSON.stringify(body, null, 2),
  ];
}

describe('credentials and server of the samples', () => {
  it('reads the credential headers from the security schemes', () => {
    expect(credentialHeaders(document)).toEqual([
      { scheme: 'clientId', header: 'SVC-CLIENT-ID', variable: 'SVC_CLIENT_ID' },
      { scheme: 'secret', header: 'SVC-SECRET', variable: 'SVC_SECRET' },
      { scheme: 'sandboxAdminKey', header: 'SVC-Sandbox-Admin-Key', variable: 'SVC_SANDBOX_ADMIN_KEY' },
    ]);
  });

  it('uses the sandbox server and names a missing environment', () => {
    expect(serverUrl(document)).toMatch(/^https:\/\/sandbox\./);
    expect(() => serverUrl(document, 'staging')).toThrow('no server with "x-environment: staging"');
  });
});

describe.each(operations.map((entry) => [entry.path, entry] as const))('samples of %s', (path, entry) => {
  const [curl, typescript] = operationCodeSamples(document, entry);
  const body = defaultRequestExample(document, entry);

  it('sends the default request example with curl, credentials from the environment', () => {
    expect(curl?.label).toBe('curl');
    const made = madeValue(document, entry.operationId);
    if (!made) {
      expect(curlCalls(curl?.source ?? '')).toEqual([expectedCall(path, body)]);
      return;
    }
    // A sample whose value is used up or expires makes a fresh one first and sends it.
    expect(curlCalls(curl?.source ?? '')).toEqual([
      expectedCall(made.path, made.body, ['-s']),
      expectedCall(path, { ...(body as object), [made.field]: 'made-by-setup' }),
    ]);
  });

  it("calls the operation's named method with @svc/client's sandbox client", () => {
    expect(typescript?.label).toBe('TypeScript');
    expect(typescript?.source).toContain("import { createClient, isApiError } from '@svc/client';");
    expect(typescript?.source).toContain("environment: 'sandbox',");
    expect(typescript?.source).toContain(`await client.${entry.operationId}({`);
    expect(typescript?.source).toContain('if (isApiError(error)) {');
    expect(typescript?.source).toContain("clientId: process.env.SVC_CLIENT_ID ?? '',");
    expect(typescript?.source).toContain("secret: process.env.SVC_SECRET ?? '',");
  });
});

describe('withCodeSamples', () => {
  it('adds curl and TypeScript samples to every operation of a copy, leaving the input alone', () => {
    const before = JSON.stringify(document);
    const docs = withCodeSamples(document);
    expect(JSON.stringify(document)).toBe(before);
    for (const entry of listOperations(docs)) {
      const samples = entry.operation['x-codeSamples'] as Array<{ label: string }>;
      expect(samples.map((sample) => sample.label)).toEqual(['curl', 'TypeScript']);
    }
  });

  it('keeps samples the spec declares after the generated ones', () => {
    const declared = { lang: 'Python', label: 'Python', source: 'print(1)' };
    const input = structuredClone(document);
    const [first] = listOperations(input);
    if (!first) {
      throw new Error('the bundled spec has no operation');
    }
    first.operation['x-codeSamples'] = [declared];
    const [output] = listOperations(withCodeSamples(input));
    expect(output?.operation['x-codeSamples']).toEqual([expect.anything(), expect.anything(), declared]);
  });

  it('names the operation that has no default request example', () => {
    const input: OpenApiDocument = structuredClone(document);
    const [first] = listOperations(input);
    const media = first?.operation.requestBody?.content?.['application/json'];
    if (!first || !media?.examples) {
      throw new Error('the first operation has no request examples');
    }
    delete media.examples.default;
    expect(() => withCodeSamples(input)).toThrow(
      `${first.operationId} (${first.path}) has no "default" request example`,
    );
  });
});

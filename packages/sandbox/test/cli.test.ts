import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CLIENT } from '../src/features/world/world.js';
import { post, startSandboxProcess } from './support/processes.js';

const BIN = fileURLToPath(new URL('../bin/svc-sandbox.js', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'svc-sandbox-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args], { encoding: 'utf8' });

describe('svc-sandbox', () => {
  it('prints its usage with --help', () => {
    const result = run(['--help']);
    expect(result.status).toBe(0);
    expect(result.stdout).toContain('usage: svc-sandbox');
    expect(result.stdout).toContain('--database-url');
  });

  it.each([
    [['--port', 'abc'], /--port must be a whole number/],
    [['--memory', '--data-dir', 'x'], /choose one of --data-dir, --memory and --database-url/],
    [['--database-url', 'mysql://x'], /must be a PostgreSQL URL/],
    [['--rate-limit', 'lots'], /--rate-limit must be/],
    [['clients', 'add', '--memory'], /clients live in a store/],
    [['serve'], /unknown command "serve"/],
  ])('refuses %j with a message and exit code 1', (args, message) => {
    const result = run(args);
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(message);
  });

  it.each([
    [['--prot', '4020'], "svc-sandbox: unknown option '--prot' (svc-sandbox --help lists the options)"],
    [['--port'], "svc-sandbox: option '--port <value>' argument missing (svc-sandbox --help lists the options)"],
    [['--log-format', 'xml'], 'svc-sandbox: --log-format must be json or pretty, not "xml"'],
    [
      ['--allowed-origins', 'localhost:3000'],
      'svc-sandbox: --allowed-origins: "localhost:3000" is not an origin such as http://localhost:3000 (:* for any port)',
    ],
    [
      ['--allowed-hosts', '*,dev.test'],
      'svc-sandbox: --allowed-hosts takes a comma-separated list, or * alone for any, not "*,dev.test"',
    ],
  ])('refuses %j with one usage line and exit code 2', (args, line) => {
    const result = run(args);
    expect(result.status).toBe(2);
    expect(result.stderr).toBe(`${line}\n`);
  });

  it('adds a client, shows its secret once, and the sandbox accepts it; list never shows a secret', async () => {
    const added = run(['clients', 'add', '--name', 'CI jobs', '--data-dir', dir]);
    expect(added.status, added.stderr).toBe(0);
    const clientId = /SVC-CLIENT-ID\s+(\S+)/.exec(added.stdout)?.[1] ?? '';
    const secret = /SVC-SECRET\s+(\S+)/.exec(added.stdout)?.[1] ?? '';
    expect(clientId).toMatch(/^[0-9a-f]{24}$/);
    expect(secret).toMatch(/^[0-9a-f]{30}$/);
    const listed = run(['clients', 'list', '--data-dir', dir]);
    expect(listed.stdout).toContain(clientId);
    expect(listed.stdout).toContain('CI jobs');
    expect(listed.stdout).not.toContain(secret);

    const sandbox = await startSandboxProcess(['--data-dir', dir, '--quiet']);
    try {
      const search = { query: 'Gingham', products: null, country_codes: ['US'] };
      expect((await post(sandbox.url, '/institutions/search', search, { clientId, secret })).status).toBe(200);
      const wrong = await post(sandbox.url, '/institutions/search', search, { clientId, secret: 'f'.repeat(30) });
      expect(wrong.status).toBe(401);
      // The start-up banner names the data and the README, and never the new client's secret.
      const banner = sandbox.lines.join('\n');
      expect(banner).toContain(join(dir, 'sandbox.sqlite'));
      expect(banner).toContain('README.md');
      expect(banner).not.toContain(secret);
    } finally {
      expect(await sandbox.stop()).toBe(0);
    }
    expect(sandbox.lines.join('\n')).toContain('SIGTERM: stopping the sandbox');
  });

  it('keeps added clients through --reset and says so in its help and its data line', async () => {
    expect(run(['--help']).stdout).toMatch(/--reset .*\n.*clients added with\s+`clients add` are kept/);
    const resetDir = mkdtempSync(join(tmpdir(), 'svc-sandbox-cli-reset-'));
    try {
      const added = run(['clients', 'add', '--name', 'Kept', '--data-dir', resetDir]);
      expect(added.status, added.stderr).toBe(0);
      const clientId = /SVC-CLIENT-ID\s+(\S+)/.exec(added.stdout)?.[1] ?? '';
      const secret = /SVC-SECRET\s+(\S+)/.exec(added.stdout)?.[1] ?? '';
      const sandbox = await startSandboxProcess(['--data-dir', resetDir, '--reset', '--quiet']);
      try {
        expect(sandbox.lines.join('\n')).toContain(
          `data      ${join(resetDir, 'sandbox.sqlite')} (reset; 1 added client kept)`,
        );
        const search = { query: 'Gingham', products: null, country_codes: ['US'] };
        expect((await post(sandbox.url, '/institutions/search', search, { clientId, secret })).status).toBe(200);
      } finally {
        expect(await sandbox.stop()).toBe(0);
      }
    } finally {
      rmSync(resetDir, { recursive: true, force: true });
    }
  });

  it('prints ready-to-paste credentials, points documentation_url at --docs-url, logs JSON lines with error_code when piped, and one line on SIGINT', async () => {
    const sandbox = await startSandboxProcess(['--memory', '--docs-url', 'http://127.0.0.1:4030/']);
    try {
      const banner = sandbox.lines.join('\n');
      expect(banner).toContain(
        `export SVC_BASE_URL=${sandbox.url} SVC_CLIENT_ID=${DEFAULT_CLIENT.clientId} SVC_SECRET=${DEFAULT_CLIENT.secret}`,
      );
      expect(banner).toContain(`inspect   ${sandbox.url}/inspector `);
      const refused = await post(sandbox.url, '/institutions/search', {}, { clientId: 'x', secret: 'y' });
      expect(refused.status).toBe(401);
      // documentation_url points at the served docs' section of the error type.
      expect(refused.body.documentation_url).toBe('http://127.0.0.1:4030/#section/invalid_input');
      await expect
        .poll(() => sandbox.lines.find((line) => line.startsWith('{') && line.includes('"event":"request"')))
        .toBeDefined();
      const entry = JSON.parse(sandbox.lines.find((line) => line.includes('"event":"request"')) ?? '');
      expect(entry).toMatchObject({ status: 401, error_code: 'INVALID_API_KEYS', path: '/institutions/search' });
    } finally {
      const exited = new Promise((resolve) => sandbox.child.once('exit', resolve));
      sandbox.child.kill('SIGINT');
      expect(await exited).toBe(0);
    }
    expect(sandbox.lines.filter((line) => line.includes('SIGINT'))).toEqual([
      'SIGINT: stopping the sandbox (finishing requests under way)',
    ]);
  });
});

import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const BIN = fileURLToPath(new URL('../bin/svc-mock.js', import.meta.url));
const children: ChildProcessWithoutNullStreams[] = [];

afterEach(() => {
  for (const child of children.splice(0)) {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
    }
  }
});

/** Starts `svc-mock` (the built bin) and resolves with its URL once it prints it. */
function startCli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ child: ChildProcessWithoutNullStreams; url: string; output: () => string }> {
  // Readable request lines, as on a terminal (the output is a pipe here, where JSON lines are the default).
  const child = spawn(process.execPath, [BIN, ...args], {
    stdio: 'pipe',
    env: { ...process.env, SVC_LOG_FORMAT: 'pretty', ...env },
  });
  children.push(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`svc-mock printed no URL within 30 s:\n${output}`)), 30_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], output: () => output });
      }
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`svc-mock exited with ${code}:\n${output}`));
    });
  });
}

function exited(child: ChildProcessWithoutNullStreams): Promise<number | null> {
  return new Promise((resolve) => {
    if (child.exitCode !== null) {
      resolve(child.exitCode);
    } else {
      child.once('exit', (code) => resolve(code));
    }
  });
}

describe('svc-mock', () => {
  it.each(['SIGINT', 'SIGTERM'] as const)(
    'serves on 127.0.0.1, prints its URL and docs, logs requests, and exits 0 on %s',
    async (signal) => {
      const { child, url, output } = await startCli(['--port', '0']);
      expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(output()).toMatch(/docs\s+\S+README\.md/);
      expect(output()).toContain('responses.md');
      const response = await fetch(`${url}/item/remove`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'SVC-CLIENT-ID': 'id', 'SVC-SECRET': 'secret' },
        body: JSON.stringify({ access_token: 'access-sandbox-de3ce8ef-33f8-452c-a685-8671031fc0f6' }),
        signal: AbortSignal.timeout(5000),
      });
      expect(response.status).toBe(200);
      await expect.poll(output).toMatch(/200 POST \/item\/remove/);
      child.kill(signal);
      expect(await exited(child)).toBe(0);
      expect(output()).toContain(`${signal}: stopping the mock`);
    },
    60_000,
  );

  it('prints usage with --help', async () => {
    const child = spawn(process.execPath, [BIN, '--help'], { stdio: 'pipe' });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await exited(child)).toBe(0);
    expect(output).toContain('usage: svc-mock');
  });

  it('rejects a bad port with a message and exit code 1', async () => {
    const child = spawn(process.execPath, [BIN, '--port', 'x'], { stdio: 'pipe' });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await exited(child)).toBe(1);
    expect(output).toContain('--port must be a whole number');
  });

  it.each([
    [['--prot', '4020'], "svc-mock: unknown option '--prot' (svc-mock --help lists the options)"],
    [['--port'], "svc-mock: option '--port <value>' argument missing (svc-mock --help lists the options)"],
    [['--log-format', 'xml'], 'svc-mock: --log-format must be json or pretty, not "xml"'],
    [
      ['--allowed-origins', 'localhost:3000'],
      'svc-mock: --allowed-origins: "localhost:3000" is not an origin such as http://localhost:3000 (:* for any port)',
    ],
    [
      ['--allowed-hosts', '*,dev.test'],
      'svc-mock: --allowed-hosts takes a comma-separated list, or * alone for any, not "*,dev.test"',
    ],
  ])('refuses %j with one line and exit code 2', async (args, line) => {
    const child = spawn(process.execPath, [BIN, ...args], { stdio: 'pipe' });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await exited(child)).toBe(2);
    expect(output).toBe(`${line}\n`);
  });

  it('logs JSON lines with error_code when its output is not a terminal, and prints one line on SIGINT', async () => {
    const { child, url, output } = await startCli(['--port', '0'], { SVC_LOG_FORMAT: '' });
    const response = await fetch(`${url}/item/remove`, { method: 'POST', body: '{}' });
    expect(response.status).toBe(415);
    await expect.poll(output).toContain('"error_code":"INVALID_CONTENT_TYPE"');
    const line = output()
      .split('\n')
      .find((text) => text.startsWith('{'));
    expect(JSON.parse(line ?? '')).toMatchObject({ event: 'request', status: 415, path: '/item/remove' });
    child.kill('SIGINT');
    expect(await exited(child)).toBe(0);
    expect(output().match(/SIGINT/g)).toEqual(['SIGINT']);
  });

  it('names the option npm start gave it when the port is in use', async () => {
    const first = await startCli(['--port', '0', '--quiet']);
    const port = new URL(first.url).port;
    const child = spawn(process.execPath, [BIN, '--port', port], {
      stdio: 'pipe',
      env: { ...process.env, SVC_PORT_OPTION: '--mock-port' },
    });
    let output = '';
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    expect(await exited(child)).toBe(1);
    expect(output).toContain('choose another with --mock-port');
  });
});

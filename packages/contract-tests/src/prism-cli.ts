/**
 * Starts the stock Prism CLI (`prism mock`, the pinned `@stoplight/prism-cli`) on the bundled spec,
 * as a frontend team that prefers the plain CLI runs it, on 127.0.0.1 at a port chosen at run time.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { openapiJsonPath } from '@svc/spec';
import type { ContractTarget } from './target.js';

/** How long Prism may take to answer its first request (about 1.5 s on a quiet 2-core machine). */
const START_TIMEOUT_MS = 45_000;

/** The entry point of the pinned Prism CLI (`prism`). */
export function prismCliEntry(): string {
  const require = createRequire(import.meta.url);
  return join(dirname(require.resolve('@stoplight/prism-cli/package.json')), 'dist', 'index.js');
}

/** A port of 127.0.0.1 that was free a moment ago. */
async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  if (address === null || typeof address === 'string') {
    throw new Error('could not find a free port on 127.0.0.1');
  }
  return address.port;
}

/**
 * Runs `prism mock -h 127.0.0.1 -p <port> <spec>` and resolves once it answers HTTP; `stop` ends
 * it. Fails with Prism's output when it exits or stays silent for {@link START_TIMEOUT_MS}.
 */
export async function startPrismCli(spec: string = openapiJsonPath): Promise<ContractTarget> {
  const port = await freePort();
  const args = [prismCliEntry(), 'mock', '-h', '127.0.0.1', '-p', String(port), '-v', 'warn', spec];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString('utf8')).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const baseUrl = `http://127.0.0.1:${port}`;
  try {
    await waitUntilAnswering(baseUrl, child, () => output);
  } catch (error) {
    await stopChild(child);
    throw error;
  }
  return {
    baseUrl,
    description: `prism mock (@stoplight/prism-cli) at ${baseUrl}`,
    isMock: true,
    stop: () => stopChild(child),
  };
}

/** Polls `baseUrl` until Prism answers (any status: an unknown path gives 404). */
async function waitUntilAnswering(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`prism mock exited (${child.exitCode ?? child.signalCode}) before answering:\n${output()}`);
    }
    try {
      await fetch(`${baseUrl}/`, { signal: AbortSignal.timeout(1000) });
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error(`prism mock did not answer on ${baseUrl} within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

/** Ends the Prism process and waits for it to exit. */
async function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return;
  }
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited;
  clearTimeout(timer);
}

/**
 * Watches live traffic with `redocly proxy` (Redocly CLI 2.77, experimental): a reverse proxy on
 * 127.0.0.1 in front of `target` that records every exchange as HAR and validates it against the
 * description as it passes (`--api`), printing each finding on stderr and, on shutdown (Ctrl+C,
 * SIGINT), drift's JSON report on stdout. The proxy matches by base path (`--match-mode
 * basepath`), since the target is not one of the description's `servers`.
 */
import { createServer } from 'node:net';
import { openapiJsonPath } from '@svc/spec';
import { withoutNodeEndOfLifeNotice } from '../respect-report.js';
import { spawnRedocly } from '../run-respect.js';
import type { DriftReport } from './run-drift.js';

/** What to put a proxy in front of. */
export interface ProxyRun {
  /** The server whose traffic is watched. */
  target: string;
  /** Where the proxy writes the HAR (on shutdown). */
  har: string;
  /** Header names not to report as undocumented (`--ignore-headers`). */
  ignoreHeaders?: readonly string[];
  /** The description. Default: the bundled spec. */
  api?: string;
}

/** What the proxy reported once stopped. */
export interface ProxyResult {
  exitCode: number;
  /** The live findings it printed (stderr), without the Node 20 notice. */
  live: string;
  /** Its report on shutdown. */
  report: DriftReport;
}

/** A running proxy. */
export interface RunningProxy {
  /** Where to send the requests: `http://127.0.0.1:<port>`. */
  url: string;
  /** Stops it (SIGINT, as Ctrl+C) and reads its report. */
  stop(): Promise<ProxyResult>;
}

/** A port of 127.0.0.1 free at the time of asking (the proxy takes no port 0). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') {
    throw new Error('no free port on 127.0.0.1');
  }
  return address.port;
}

/** The arguments of `redocly proxy` for `run` on `port`. */
export function proxyArguments(run: ProxyRun, port: number): string[] {
  return [
    'proxy',
    '--target',
    run.target,
    '--host',
    '127.0.0.1',
    '--port',
    String(port),
    '--har',
    run.har,
    '--api',
    run.api ?? openapiJsonPath,
    '--match-mode',
    'basepath',
    '--format',
    'json',
    ...(run.ignoreHeaders?.length ? ['--ignore-headers', run.ignoreHeaders.join(',')] : []),
  ];
}

/** Starts `redocly proxy` in front of `run.target`; resolves once it listens. */
export async function startRedoclyProxy(run: ProxyRun, startTimeoutMs = 60_000): Promise<RunningProxy> {
  const port = await freePort();
  const child = spawnRedocly(proxyArguments(run, port));
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  const exited = new Promise<number>((resolve) => child.on('close', (code) => resolve(code ?? 1)));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill();
      reject(
        new Error(`redocly proxy did not listen within ${startTimeoutMs} ms:\n${withoutNodeEndOfLifeNotice(stderr)}`),
      );
    }, startTimeoutMs);
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (stderr.includes('Proxy listening on')) {
        clearTimeout(timer);
        resolve();
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`redocly proxy ended (exit ${code}) before listening:\n${withoutNodeEndOfLifeNotice(stderr)}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      // A SIGINT that arrives while it is still validating an exchange can go unheeded: repeat it.
      child.kill('SIGINT');
      const repeat = setInterval(() => child.kill('SIGINT'), 2_000);
      const exitCode = await exited.finally(() => clearInterval(repeat));
      const text = withoutNodeEndOfLifeNotice(stdout);
      const start = text.indexOf('{');
      if (start < 0) {
        throw new Error(`redocly proxy printed no report (exit ${exitCode}):\n${text}${stderr}`);
      }
      return {
        exitCode,
        live: withoutNodeEndOfLifeNotice(stderr),
        report: JSON.parse(text.slice(start)) as DriftReport,
      };
    },
  };
}

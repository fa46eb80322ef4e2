/**
 * Sandbox instances as real processes (the `svc-sandbox` command of the built package), for the
 * tests of several instances on one database and of crashes: started on a free loopback port,
 * stopped gracefully or killed with SIGKILL.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_CREDENTIALS } from '@svc/spec/examples';

const BIN = fileURLToPath(new URL('../../bin/svc-sandbox.js', import.meta.url));

/** A running sandbox process. */
export interface SandboxProcess {
  url: string;
  child: ChildProcess;
  /** Every line it printed (stdout and stderr). */
  lines: string[];
  /** SIGTERM, then wait for the exit. */
  stop(): Promise<number | null>;
  /** SIGKILL: no chance to finish anything. */
  kill(): Promise<void>;
}

/** Starts `svc-sandbox <args> --port 0 --host 127.0.0.1` and resolves once it printed its URL. */
export function startSandboxProcess(args: string[], env: NodeJS.ProcessEnv = {}): Promise<SandboxProcess> {
  const child = spawn(process.execPath, [BIN, '--port', '0', '--host', '127.0.0.1', ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, ...env },
  });
  const lines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`svc-sandbox did not start within 30 s:\n${lines.join('\n')}`));
    }, 30_000);
    const onLine = (line: string) => {
      lines.push(line);
      const match = /listening on (http:\/\/\S+)/.exec(line);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({
          url: match[1],
          child,
          lines,
          async stop() {
            child.kill('SIGTERM');
            return exited;
          },
          async kill() {
            child.kill('SIGKILL');
            await exited;
          },
        });
      }
    };
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        parts.forEach(onLine);
      });
    }
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`svc-sandbox exited with ${code} before listening:\n${lines.join('\n')}`));
    });
  });
}

/** POSTs a JSON body with the default client's credentials; returns status and parsed body. */
export async function post(
  base: string,
  path: string,
  body: unknown,
  credentials: { clientId: string; secret: string } = EXAMPLE_CREDENTIALS,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'SVC-CLIENT-ID': credentials.clientId,
      'SVC-SECRET': credentials.secret,
    },
    body: JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

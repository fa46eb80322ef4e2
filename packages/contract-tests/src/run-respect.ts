/**
 * Runs Arazzo workflow documents with `redocly respect` (Redocly CLI 2.77) against a server and
 * returns its JSON report. Asynchronous on purpose: the server may run in this very process.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { type RespectReport, withoutNodeEndOfLifeNotice } from './respect-report.js';

/** What to run. */
export interface RespectRun {
  /** Workflow documents (`*.arazzo.yaml` or `.json`). */
  files: string[];
  /** Base URL per source description name, e.g. `{ svc: 'http://127.0.0.1:4020' }`. */
  servers: Record<string, string>;
  /** Workflow inputs (`--input name=value`), given to every workflow. */
  inputs: Record<string, string>;
  /** Most steps per workflow run, loops included (respect's `--max-steps`, default 2000). */
  maxSteps?: number;
}

/** What respect did. */
export interface RespectResult {
  exitCode: number;
  /** respect's human-readable output. */
  stdout: string;
  /** Its stderr without the Node 20 end-of-life notice. */
  stderr: string;
  /** The JSON report; undefined when respect stopped before writing one. */
  report: RespectReport | undefined;
}

/** The path of Redocly CLI's executable script. */
export function redoclyCliPath(): string {
  const require = createRequire(import.meta.url);
  const manifestPath = require.resolve('@redocly/cli/package.json');
  const manifest = require(manifestPath) as { bin?: string | Record<string, string>; version: string };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : manifest.bin?.redocly;
  if (!bin) {
    throw new Error(`@redocly/cli ${manifest.version} declares no "redocly" executable`);
  }
  return join(dirname(manifestPath), bin);
}

/** Starts Redocly CLI with `args`: telemetry and the update check off, no colours, stdin closed. */
export function spawnRedocly(args: readonly string[]): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, [redoclyCliPath(), ...args], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
  });
}

/**
 * Runs Redocly CLI with `args` ({@link spawnRedocly}). Resolves with its exit code and output once
 * it ends.
 */
export async function runRedocly(
  args: readonly string[],
): Promise<{ exitCode: number; stdout: string; stderr: string }> {
  const child = spawnRedocly(args);
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const exitCode = await new Promise<number>((resolve, reject) => {
    child.on('error', reject);
    child.on('close', (code) => resolve(code ?? 1));
  });
  return { exitCode, stdout, stderr };
}

/** The command-line arguments of `redocly respect` for `run`, writing the report to `jsonOutput`. */
export function respectArguments(run: RespectRun, jsonOutput: string): string[] {
  return [
    'respect',
    ...run.files,
    ...Object.entries(run.servers).flatMap(([name, url]) => ['--server', `${name}=${url}`]),
    ...Object.entries(run.inputs).flatMap(([name, value]) => ['--input', `${name}=${value}`]),
    ...(run.maxSteps === undefined ? [] : ['--max-steps', String(run.maxSteps)]),
    '--json-output',
    jsonOutput,
  ];
}

/**
 * Runs `redocly respect` on `run.files` and reads its JSON report. Telemetry and the update check
 * are off; stdin is closed.
 */
export async function runRespect(run: RespectRun): Promise<RespectResult> {
  const directory = await mkdtemp(join(tmpdir(), 'svc-respect-'));
  const jsonOutput = join(directory, 'report.json');
  try {
    const { exitCode, stdout, stderr } = await runRedocly(respectArguments(run, jsonOutput));
    const report = await readFile(jsonOutput, 'utf8').then(
      (text) => JSON.parse(text) as RespectReport,
      () => undefined,
    );
    return { exitCode, stdout, stderr: withoutNodeEndOfLifeNotice(stderr), report };
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

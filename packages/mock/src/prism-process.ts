import { type ChildProcess, spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** Absolute path of the Prism CLI entry point of the pinned @stoplight/prism-cli. */
export function prismEntryPoint(): string {
  const packageJson = require.resolve('@stoplight/prism-cli/package.json');
  return join(dirname(packageJson), 'dist', 'index.js');
}

/** How to run Prism's `mock` command. */
export interface PrismOptions {
  host: string;
  port: number;
  specPath: string;
  /** Generate responses from the schemas instead of serving the static examples. */
  dynamic: boolean;
}

/**
 * The arguments of `prism mock`: request validation is always on in mock mode; `-v error` keeps
 * the log quiet (info logging costs half the throughput); json-schema-faker must not invent extra
 * properties in dynamic mode (they would break clients that check shapes).
 */
export function prismArguments(options: PrismOptions): string[] {
  return [
    'mock',
    '--host',
    options.host,
    '--port',
    String(options.port),
    '--errors',
    '-v',
    'error',
    '--json-schema-faker-fillProperties=false',
    ...(options.dynamic ? ['--dynamic'] : []),
    options.specPath,
  ];
}

/** Starts Prism as a child process of this Node; its stderr is collected for error reports. */
export function spawnPrism(options: PrismOptions): { child: ChildProcess; output: () => string } {
  const child = spawn(process.execPath, [prismEntryPoint(), ...prismArguments(options)], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, SCARF_ANALYTICS: 'false', DO_NOT_TRACK: '1' },
  });
  let collected = '';
  const collect = (chunk: Buffer) => {
    collected = (collected + chunk.toString()).slice(-8192);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output: () => collected };
}

/**
 * Command-line parsing for the servers' commands: `node:util` `parseArgs`, with a mistake in the
 * options (an unknown option, a missing value) reported as a one-line {@link UsageError} that
 * exits with code 2 instead of Node's multi-sentence message.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { LogFormat } from './log.js';

/**
 * Set by `npm start` to the option of its own that sets a server's port (`--mock-port`), so that
 * a port in use names the flag the user can actually pass. The servers' commands pass it to
 * `listen()` as `portOption`.
 */
export const PORT_OPTION_VARIABLE = 'SVC_PORT_OPTION';

/** A mistake in how a command was called; its command exits with {@link UsageError.exitCode}. */
export class UsageError extends Error {
  /** 2: the conventional exit code of a usage error. */
  readonly exitCode = 2;
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** The first sentence of Node's message, with the option it names. */
function oneLine(message: string): string {
  const sentence = message.split(/\.\s/)[0] ?? message;
  return sentence.charAt(0).toLowerCase() + sentence.slice(1).replace(/\.$/, '');
}

/**
 * Parses `args` strictly with `options`. A mistake throws a {@link UsageError}:
 * `unknown option '--prot' (svc-mock --help lists the options)`.
 */
export function parseCommandLine<const O extends Options, const P extends boolean = false>(
  command: string,
  args: string[],
  options: O,
  allowPositionals?: P,
): ReturnType<typeof parseArgs<{ args: string[]; options: O; allowPositionals: P; strict: true }>> {
  try {
    return parseArgs({ args, options, allowPositionals: allowPositionals as P, strict: true });
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    if (code.startsWith('ERR_PARSE_ARGS_')) {
      throw new UsageError(`${oneLine((error as Error).message)} (${command} --help lists the options)`);
    }
    throw error;
  }
}

/**
 * Runs a command's `main` and ends the process on failure: one line `command: message` on
 * stderr, exit code 2 for a {@link UsageError} and 1 for anything else. Never a stack trace.
 */
export function runCommand(command: string, main: (argv: string[]) => Promise<void>, argv: string[]): void {
  main(argv).catch((error: unknown) => {
    process.stderr.write(`${command}: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(error instanceof UsageError ? error.exitCode : 1);
  });
}

/** The value of a `--log-format` option: `json`, `pretty`, or undefined for the default. */
export function logFormatOption(value: string | undefined): LogFormat | undefined {
  if (value === undefined || value === 'json' || value === 'pretty') {
    return value;
  }
  throw new UsageError(`--log-format must be json or pretty, not "${value}"`);
}

/**
 * The value of a `--drain-delay` option in milliseconds: a whole number up to 10 minutes, or
 * undefined for the default. How long a stopping server keeps serving after `/readyz` fails.
 */
export function drainDelayOption(value: string | undefined): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  const ms = Number(value);
  if (!/^\d+$/.test(value) || ms > 600_000) {
    throw new UsageError(`--drain-delay must be a whole number of milliseconds from 0 to 600000, not "${value}"`);
  }
  return ms;
}

/**
 * Resolves once `stop` has finished after the first SIGINT or SIGTERM, having printed one line
 * `SIGINT: <what>`. A second signal while stopping ends the process at once (exit code 130),
 * for a stop that hangs.
 */
export function stopOnSignal(what: string, stop: () => Promise<void>): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let stopping = false;
    const onSignal = (signal: NodeJS.Signals) => {
      if (stopping) {
        process.stdout.write(`${signal} again: exiting without waiting\n`);
        process.exit(130);
      }
      stopping = true;
      process.stdout.write(`${signal}: ${what}\n`);
      stop().then(() => {
        process.off('SIGINT', onSignal);
        process.off('SIGTERM', onSignal);
        resolve();
      }, reject);
    };
    process.on('SIGINT', onSignal);
    process.on('SIGTERM', onSignal);
  });
}

/**
 * The value of a list option such as `--allowed-origins` or `--allowed-hosts`: names separated by
 * commas, or `*` for any. Throws a {@link UsageError} for an empty list, or an origin that is not
 * `scheme://host[:port]` (`:*` for any port).
 */
export function listOption(option: '--allowed-origins' | '--allowed-hosts', value: string): '*' | string[] {
  const items = value
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
  if (items.length === 1 && items[0] === '*') {
    return '*';
  }
  if (items.length === 0 || items.includes('*')) {
    throw new UsageError(`${option} takes a comma-separated list, or * alone for any, not "${value}"`);
  }
  const malformed =
    option === '--allowed-origins'
      ? items.find((item) => !/^[a-z][a-z0-9+.-]*:\/\/[^/?#\s]+$/i.test(item))
      : items.find((item) => /[\s/]/.test(item));
  if (malformed !== undefined) {
    const form =
      option === '--allowed-origins' ? 'an origin such as http://localhost:3000 (:* for any port)' : 'a host name';
    throw new UsageError(`${option}: "${malformed}" is not ${form}`);
  }
  return items;
}

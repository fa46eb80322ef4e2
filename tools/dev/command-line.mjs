// The command lines of the repository's own scripts: `npm start`, `npm test`, the tools
// (svc-codegen, svc-release-check, svc-docs, check-generated) and the packages' build and bench
// scripts. `--help` (`-h`) prints the usage on stdout and exits 0 before the script does anything;
// a mistake in the options is one line naming it and exit code 2 (as the servers' commands do
// through @svc/server-kit, which is not built yet when these run). A script reads its command line
// first and imports what it needs for its work afterwards (`await import(...)`), so that its help
// works before anything is built. Plain JS, no dependency but Node.
import { parseArgs } from 'node:util';

/**
 * @typedef {Record<string, { type: 'string' | 'boolean', short?: string, multiple?: boolean, default?: string | boolean | string[] | boolean[] }>} Options
 */

/**
 * @typedef {object} CommandLineSpec
 * @property {string} command how the user runs it, the prefix of an error line: `svc-codegen`, `npm start`
 * @property {string} usage what `--help` prints: starts with `usage:`, then what it does and its options
 * @property {Options} [options] its options (`--help`/`-h` is added)
 * @property {boolean} [positionals] whether it takes positional arguments (default: no; counting them is the caller's)
 * @property {Record<string, string>} [commands] its subcommands, each with its usage: the first
 *   positional argument must name one, and `<command> <subcommand> --help` prints that one's usage
 * @property {string} [helpCommand] how the user asks for the help, named in an error (default `<command> --help`; `npm start -- --help`)
 * @property {string[]} [argv] the arguments (default: this process's)
 */

/**
 * Ends the process with exit code 2 after one line on stderr: `svc-codegen: unknown option '--x'
 * (svc-codegen --help lists the options)`.
 * @param {string} command
 * @param {string} message
 * @param {string} hint
 * @returns {never}
 */
export function exitWithUsageError(command, message, hint) {
  process.stderr.write(`${command}: ${message} (${hint})\n`);
  process.exit(2);
}

/**
 * The first sentence of a message of `parseArgs`, lower-cased: `unknown option '--x'`.
 * @param {unknown} error
 */
function firstSentence(error) {
  const sentence = String(error instanceof Error ? error.message : error).split(/\.\s/)[0] ?? '';
  return `${sentence.charAt(0).toLowerCase()}${sentence.slice(1)}`.replace(/\.$/, '');
}

/**
 * The first positional argument, read leniently (an unknown option does not stop it), so that an
 * error or a help can name the subcommand it belongs to.
 * @param {string[]} argv
 * @param {Options} options
 * @returns {string | undefined}
 */
function firstPositional(argv, options) {
  const { positionals } = parseArgs({ args: argv, options, strict: false, allowPositionals: true });
  return positionals[0];
}

/**
 * Reads a script's command line. `--help` or `-h` prints `usage` (with `commands`: the usage of the
 * subcommand named before it, if any) on stdout and exits 0. An unknown option, a missing value,
 * an unexpected argument or an unknown subcommand exits 2 with one line naming it.
 * @template {Options} [O={}]
 * @param {CommandLineSpec & { options?: O }} spec
 * @returns {ReturnType<typeof parseArgs<{ args: string[], options: O, allowPositionals: true, strict: true }>>}
 */
export function readCommandLine(spec) {
  const { command, usage, commands } = spec;
  const argv = spec.argv ?? process.argv.slice(2);
  /** @type {Options} */
  const options = { ...spec.options, help: { type: 'boolean', short: 'h', default: false } };
  const subcommand = commands ? firstPositional(argv, options) : undefined;
  const subcommandUsage =
    subcommand !== undefined && commands && Object.hasOwn(commands, subcommand) ? commands[subcommand] : undefined;
  const helpCommand = spec.helpCommand ?? (subcommandUsage ? `${command} ${subcommand} --help` : `${command} --help`);
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      options,
      strict: true,
      allowPositionals: Boolean(commands) || spec.positionals === true,
    });
  } catch (error) {
    return exitWithUsageError(command, firstSentence(error), `${helpCommand} lists the options`);
  }
  if (subcommand !== undefined && subcommandUsage === undefined) {
    return exitWithUsageError(command, `unknown command "${subcommand}"`, `${command} --help lists the commands`);
  }
  if (parsed.values.help) {
    process.stdout.write(`${subcommandUsage ?? usage}\n`);
    process.exit(0);
  }
  if (commands && subcommand === undefined) {
    return exitWithUsageError(
      command,
      `name a command: ${Object.keys(commands).join(', ')}`,
      `${command} --help lists the commands`,
    );
  }
  return /** @type {any} */ (parsed);
}

/**
 * For a wrapper that hands its arguments to another program: when the only argument is `--help`
 * or `-h`, prints `usage` on stdout and exits 0; otherwise returns the arguments untouched.
 * @param {string} usage
 * @param {string[]} [argv] default: this process's arguments
 * @returns {string[]}
 */
export function passThroughArguments(usage, argv = process.argv.slice(2)) {
  if (argv.length === 1 && (argv[0] === '--help' || argv[0] === '-h')) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return argv;
}

// The command lines of `npm start` and `npm test`: a mistake in the options is one line naming it
// and exit code 2 (as the servers' commands do through @svc/server-kit, which is not built yet
// when these run).
import { parseArgs } from 'node:util';

/**
 * The parsed options, or exit 2 with `npm start: unknown option '--x' (npm start -- --help lists the options)`.
 * @param {string} command `npm start` or `npm test`
 * @param {string[]} argv
 * @param {import('node:util').ParseArgsConfig['options']} options
 */
export function parseOrExit(command, argv, options) {
  try {
    return parseArgs({ args: argv, strict: true, options }).values;
  } catch (error) {
    const sentence = String(error instanceof Error ? error.message : error).split(/\.\s/)[0] ?? '';
    process.stderr.write(
      `${command}: ${sentence.charAt(0).toLowerCase()}${sentence.slice(1)} (${command} -- --help lists the options)\n`,
    );
    process.exit(2);
  }
}

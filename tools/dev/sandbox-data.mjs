// Where the sandbox of `npm start` keeps its data, one fact for the scripts that reach it:
// tools/dev/platform.mjs (which serves it) and tools/dev/sandbox.mjs (`npm run sandbox`).
import { join } from 'node:path';
import { rootDir } from './root.mjs';

/** The SQLite data directory of `npm start`'s sandbox: `.svc-sandbox/` at the repository root. */
export const SANDBOX_DATA_DIR = join(rootDir, '.svc-sandbox');

/** The options of svc-sandbox that choose a store. */
const STORE_OPTIONS = ['--data-dir', '--memory', '--database-url'];

/**
 * svc-sandbox's arguments with `--data-dir` {@link SANDBOX_DATA_DIR} added, unless they choose a
 * store themselves or only ask for help.
 * @param {string[]} args
 * @returns {string[]}
 */
export function sandboxArguments(args) {
  const choosesStore = args.some((arg) =>
    STORE_OPTIONS.some((option) => arg === option || arg.startsWith(`${option}=`)),
  );
  const help = args.includes('--help') || args.includes('-h');
  return choosesStore || help ? args : [...args, '--data-dir', SANDBOX_DATA_DIR];
}

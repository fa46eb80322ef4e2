// The steps of `npm start` and `npm test`, each announced with its number, shown while it runs
// and closed with its time: `[2/3] build the packages … 0:41`. A command's
// output is kept, and printed whole only when it fails.
import { spawn } from 'node:child_process';
import { staleNativeAddons } from './native-addons.mjs';
import { pnpmCommand } from './pnpm.mjs';
import { rootDir } from './root.mjs';
import { clock, runTurbo, TURBO_ENV } from './turbo-progress.mjs';

/** Raised when a step fails; its output has been printed. */
export class StepFailed extends Error {
  constructor(title, code) {
    super(`${title} failed`);
    this.exitCode = code;
  }
}

/**
 * Announces steps numbered out of `total` on `out`.
 * @param {number} total
 * @param {NodeJS.WriteStream} [out]
 */
export function createSteps(total, out = process.stdout) {
  const started = Date.now();
  let number = 0;
  const header = (title) => {
    number++;
    out.write(`[${number}/${total}] ${title}  (${clock(Date.now() - started)} so far)\n`);
    return Date.now();
  };
  return {
    started,
    /** A command whose output is shown only if it fails. */
    async command(title, command, args, options = {}) {
      const since = options.numbered === false ? Date.now() : header(title);
      const output = [];
      const code = await new Promise((resolve) => {
        const child = spawn(command, args, {
          cwd: rootDir,
          env: TURBO_ENV,
          stdio: ['ignore', 'pipe', 'pipe'],
          shell: options.shell ?? false,
        });
        child.stdout.on('data', (chunk) => output.push(chunk));
        child.stderr.on('data', (chunk) => output.push(chunk));
        child.once('error', (error) => {
          output.push(Buffer.from(`could not run ${command}: ${error.message}\n`));
          resolve(1);
        });
        child.once('close', (exitCode) => resolve(exitCode ?? 1));
      });
      if (code !== 0) {
        out.write(Buffer.concat(output));
        throw new StepFailed(title, code);
      }
      out.write(`  done in ${clock(Date.now() - since)}\n`);
    },
    /** `pnpm <args>` with the pinned pnpm. */
    async pnpm(title, args) {
      const pnpm = pnpmCommand();
      await this.command(title, pnpm.command, [...pnpm.prefix, ...args], { shell: pnpm.shell });
    },
    /**
     * `pnpm install --frozen-lockfile`, then `pnpm rebuild` of the native addons that do not load
     * on this Node.js (node_modules installed by another major line: tools/dev/native-addons.mjs).
     */
    async install() {
      await this.pnpm('install the dependencies (pnpm install --frozen-lockfile)', ['install', '--frozen-lockfile']);
      const stale = staleNativeAddons();
      if (stale.length > 0) {
        out.write(
          `  ${stale.join(', ')} was built for another Node.js: rebuilding it for ${process.version} (from source, about 2 minutes)\n`,
        );
        const pnpm = pnpmCommand();
        await this.command(`rebuild ${stale.join(', ')}`, pnpm.command, [...pnpm.prefix, 'rebuild', ...stale], {
          shell: pnpm.shell,
          numbered: false,
        });
      }
    },
    /** `turbo run <args>` with its progress. */
    async turbo(title, args) {
      header(title);
      const code = await runTurbo({ args, out, started: Date.now() });
      if (code !== 0) {
        throw new StepFailed(title, code);
      }
    },
    /** A step run by `run`, announced like the others. */
    async other(title, run) {
      header(title);
      await run();
    },
  };
}

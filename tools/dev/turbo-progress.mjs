// Runs `turbo run …` and shows progress instead of minutes of silence: which tasks are under way,
// how many of how many are done, and the elapsed time. On a terminal that is one line rewritten
// in place; elsewhere (CI, a pipe) one line per finished task. A green run ends with a one-line
// summary; a failed task's whole log is printed, then turbo's own summary.
// Plain JS (no build step): `npm start` and `npm test` run it before anything is built.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { rootDir } from './root.mjs';

/**
 * turbo, with its telemetry off (no banner on the first run, nothing sent), and the Node.js
 * version in its task hashes (`globalEnv` in turbo.json), so a result of another line is no cache hit.
 */
export const TURBO_ENV = {
  ...process.env,
  TURBO_TELEMETRY_DISABLED: '1',
  DO_NOT_TRACK: '1',
  SVC_NODE_VERSION: process.version,
};
const turboBin = join(rootDir, 'node_modules', '.bin', process.platform === 'win32' ? 'turbo.cmd' : 'turbo');

/** `m:ss` of a duration in milliseconds. */
export function clock(ms) {
  const seconds = Math.floor(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The tasks `turbo run <args>` would run, each with the tasks it waits for, from `--dry=json`
 * (without the tasks of packages that have no such script).
 * @param {string[]} args
 * @returns {Map<string, string[]>}
 */
export function plannedTasks(args) {
  const dry = spawnSync(turboBin, ['run', ...args, '--dry=json'], {
    cwd: rootDir,
    env: TURBO_ENV,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    shell: process.platform === 'win32',
  });
  if (dry.status !== 0) {
    throw new Error(`turbo run ${args.join(' ')} --dry=json failed:\n${dry.stderr}${dry.stdout}`);
  }
  const plan = JSON.parse(dry.stdout);
  // A package without the script has the task in the graph but nothing runs (`<NONEXISTENT>`).
  const runs = new Set(plan.tasks.filter((task) => task.command !== '<NONEXISTENT>').map((task) => task.taskId));
  return new Map(
    plan.tasks
      .filter((task) => runs.has(task.taskId))
      .map((task) => [task.taskId, (task.dependencies ?? []).filter((id) => runs.has(id))]),
  );
}

/** `@svc/mock:build: text` → the task id `@svc/mock#build` and the text (turbo's `--log-prefix=task`). */
const TASK_LINE = /^(\S+?):([\w:-]+): ?(.*)$/;
/** turbo's line for a task that failed: `@svc/mock#test:  ERROR  command (…) exited (1)`. */
const FAILED_LINE = /^(\S+#\S+): +ERROR +command/;

/**
 * Runs `turbo run <args>` with progress on `out`; resolves with turbo's exit code.
 * @param {{ args: string[], out?: NodeJS.WriteStream, started?: number }} options
 * @returns {Promise<number>}
 */
export async function runTurbo({ args, out = process.stdout, started = Date.now() }) {
  const planned = plannedTasks(args);
  const total = planned.size;
  /** @type {Map<string, string[]>} */
  const logs = new Map();
  const done = new Set();
  const cached = new Set();
  const failed = new Set();
  /** Lines of turbo itself (its summary and errors). */
  const own = [];
  const tty = out.isTTY === true;
  // With grouped logs a task's lines arrive together when it has finished; what is under way is
  // what has all it waits for done and is not done itself.
  const underWay = () =>
    [...planned].filter(([id, needs]) => !done.has(id) && needs.every((need) => done.has(need))).map(([id]) => id);
  const status = () => {
    const now = underWay();
    const shown = now.slice(0, 3).join(', ') + (now.length > 3 ? ` +${now.length - 3}` : '');
    return `  [${String(done.size).padStart(String(total).length)}/${total}] ${clock(Date.now() - started)}${shown ? `  running ${shown}` : ''}`;
  };
  const redraw = () => {
    if (tty) {
      const width = out.columns ?? 100;
      out.write(`\r\u001b[K${status().slice(0, width - 1)}`);
    }
  };
  const ticker = tty ? setInterval(redraw, 1000) : undefined;
  redraw();

  const child = spawn(
    turboBin,
    ['run', ...args, '--output-logs=full', '--log-order=grouped', '--log-prefix=task', '--ui=stream'],
    { cwd: rootDir, env: TURBO_ENV, stdio: ['ignore', 'pipe', 'pipe'], shell: process.platform === 'win32' },
  );
  let current;
  const onLine = (line) => {
    const failure = FAILED_LINE.exec(line);
    if (failure) {
      failed.add(failure[1]);
      own.push(line);
      return;
    }
    const match = TASK_LINE.exec(line);
    const id = match ? `${match[1]}#${match[2]}` : undefined;
    if (!id || !planned.has(id)) {
      own.push(line);
      return;
    }
    if (!logs.has(id)) {
      logs.set(id, []);
      if (/cache hit/.test(match[3])) {
        cached.add(id);
      }
    }
    logs.get(id).push(match[3]);
    if (current !== id) {
      // A new group: the previous task's log is complete.
      if (current) {
        finish(current);
      }
      current = id;
    }
  };
  const finish = (id) => {
    if (done.has(id)) {
      return;
    }
    done.add(id);
    if (!tty) {
      out.write(`${status().split('  running')[0]}  ${id}${cached.has(id) ? ' (cached)' : ''}\n`);
    }
    redraw();
  };
  for (const stream of [child.stdout, child.stderr]) {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop() ?? '';
      for (const line of lines) {
        onLine(line.replace(/\r$/, ''));
      }
    });
  }
  const code = await new Promise((resolve) => child.once('close', (exitCode) => resolve(exitCode ?? 1)));
  if (current && !failed.has(current)) {
    finish(current);
  }
  clearInterval(ticker);
  if (tty) {
    out.write('\r\u001b[K');
  }
  if (code === 0) {
    out.write(`  ${done.size} tasks done in ${clock(Date.now() - started)} (${cached.size} from the cache)\n`);
    return 0;
  }
  for (const id of failed) {
    out.write(`\n── ${id} failed; its whole log ──\n${(logs.get(id) ?? []).join('\n')}\n`);
  }
  out.write(`\n${own.filter((line) => line.trim() !== '').join('\n')}\n`);
  return code;
}

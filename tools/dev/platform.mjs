// The servers of `npm start`: the mock, the sandbox (SQLite in .svc-sandbox/) and the HTML docs,
// each in its own process, with its output prefixed by its name. Once all three listen it prints
// their URLs and ready-to-paste `export` lines for the samples. Ctrl+C (or SIGTERM) stops all
// three gracefully, each saying so in one line; if one fails to start, the others are stopped
// and the exit code is non-zero.
// Plain JS (no build step): it only starts the packages' own commands.
import { spawn } from 'node:child_process';
import { rootDir } from './root.mjs';
import { sandboxArguments } from './sandbox-data.mjs';

/**
 * @typedef {object} PlatformOptions
 * @property {string} mockPort
 * @property {string} sandboxPort
 * @property {string} docsPort
 * @property {boolean} reset
 * @property {string} [startTime] the sandbox's time at start (`--start-time` of svc-sandbox, which checks it)
 * @property {number} [started] when `npm start` began (Date.now()), for the time to ready
 */

/** What the samples of the READMEs and the docs read: `$SVC_BASE_URL`, `$SVC_CLIENT_ID`, `$SVC_SECRET`, `$SVC_WEBHOOK_SECRET`. */
async function exportLines(sandboxUrl) {
  const { DEFAULT_CLIENT } = await import(new URL('../../packages/sandbox/dist/index.js', import.meta.url).href);
  return `export SVC_BASE_URL=${sandboxUrl} SVC_CLIENT_ID=${DEFAULT_CLIENT.clientId} SVC_SECRET=${DEFAULT_CLIENT.secret} SVC_WEBHOOK_SECRET=${DEFAULT_CLIENT.webhookSecret}`;
}

/**
 * Serves the three and resolves with the exit code once all have stopped.
 * @param {PlatformOptions} options
 * @returns {Promise<number>}
 */
export async function servePlatform(options) {
  const tty = process.stdout.isTTY === true;
  // Readable, coloured request lines when a person watches; JSON lines for a pipe.
  const logEnv = tty ? { SVC_LOG_FORMAT: 'pretty', FORCE_COLOR: '1' } : {};
  // documentation_url in errors points at the docs served here (on a port known in advance).
  const docsUrl = options.docsPort === '0' ? [] : ['--docs-url', `http://127.0.0.1:${options.docsPort}/`];
  const servers = [
    {
      name: 'mock',
      option: '--mock-port',
      args: ['packages/mock/bin/svc-mock.js', '--port', options.mockPort, '--quiet', ...docsUrl],
    },
    {
      name: 'sandbox',
      option: '--sandbox-port',
      // The data `npm run sandbox -- clients add` reaches too (tools/dev/sandbox-data.mjs).
      args: [
        'packages/sandbox/bin/svc-sandbox.js',
        ...sandboxArguments([
          '--port',
          options.sandboxPort,
          ...docsUrl,
          ...(options.reset ? ['--reset'] : []),
          ...(options.startTime === undefined ? [] : ['--start-time', options.startTime]),
        ]),
      ],
    },
    {
      name: 'docs',
      option: '--docs-port',
      // Started once the sandbox listens, so that the page's samples call it.
      args: (urls) => [
        'packages/docs/bin/svc-docs.js',
        'serve',
        '--port',
        options.docsPort,
        '--local-sandbox',
        urls.get('sandbox'),
      ],
      after: 'sandbox',
    },
  ];
  let stopping = false;
  let failed = false;
  /** @type {Map<string, string>} */
  const urls = new Map();
  /** @type {import('node:child_process').ChildProcess[]} */
  const children = [];
  let allExited;
  const allDone = new Promise((resolve) => {
    allExited = resolve;
  });
  const start = ({ name, args, option }) => {
    // Its own process group: Ctrl+C reaches only this process, which passes it on once.
    const child = spawn(process.execPath, typeof args === 'function' ? args(urls) : args, {
      cwd: rootDir,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...logEnv, SVC_PORT_OPTION: option },
      detached: process.platform !== 'win32',
    });
    children.push(child);
    const prefix = `[${name}]`.padEnd(10);
    for (const stream of [child.stdout, child.stderr]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) {
          process.stdout.write(`${prefix}${line}\n`);
          const url = /(?:listening on|serving \S+ on) (http:\/\/[^\s/]+)/.exec(line)?.[1];
          if (url && !urls.has(name)) {
            urls.set(name, url);
            for (const waiting of servers.filter((server) => server.after === name)) {
              if (!stopping) {
                start(waiting);
              }
            }
            if (urls.size === servers.length) {
              ready().catch(() => {});
            }
          }
        }
      });
    }
    child.once('exit', (code, signal) => {
      if (!stopping) {
        failed = true;
        process.stdout.write(`${prefix}stopped (${signal ?? `exit code ${code}`}); stopping the others\n`);
        stopAll('SIGTERM');
      }
      if (children.every((each) => each.exitCode !== null || each.signalCode !== null)) {
        allExited();
      }
    });
  };
  for (const server of servers.filter((each) => !each.after)) {
    start(server);
  }

  async function ready() {
    const elapsed = options.started ? ` in ${Math.round((Date.now() - options.started) / 1000)} s` : '';
    const lines = [
      '',
      `Ready${elapsed}:`,
      `  mock     ${urls.get('mock')}   examples from the spec, any credentials`,
      `  sandbox  ${urls.get('sandbox')}   stateful; /healthz, /openapi.json`,
      `  docs     ${urls.get('docs')}   the API reference; its samples call the sandbox`,
      `  inspect  ${urls.get('sandbox')}/inspector   the sandbox's requests, webhooks, events and Items; sign in with a client id and secret`,
      'For the samples of the READMEs and the docs, paste into your shell:',
      `  ${await exportLines(urls.get('sandbox'))}`,
      'Ctrl+C stops all three.',
      '',
    ];
    process.stdout.write(lines.join('\n'));
  }

  function stopAll(signal) {
    stopping = true;
    for (const child of children) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
      }
    }
  }

  const onSignal = (signal) => {
    // A second signal (npm passes Ctrl+C on too) changes nothing: the servers are stopping.
    if (!stopping) {
      stopAll(signal);
    }
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  // Should this process end otherwise, its detached servers end with it.
  process.once('exit', () => stopAll('SIGTERM'));

  await allDone;
  return failed ? 1 : 0;
}

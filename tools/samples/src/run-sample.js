/**
 * @module run-sample
 * Runs one sample as a user would: a curl sample with `sh`, a TypeScript sample compiled to
 * JavaScript (types stripped by TypeScript) with `node`, both with `SVC_BASE_URL`,
 * `SVC_CLIENT_ID`, `SVC_SECRET` and `SVC_WEBHOOK_SECRET` set as `npm start` tells users to. The samples are written for
 * the default local ports; the runner points them at its own servers on free ports by replacing
 * those URLs (and the client's `environment` names) with the servers' URLs, and nothing else.
 */
import { spawn, spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';

/** @typedef {import('./extract.js').Sample} Sample */

/**
 * Where the samples' servers are.
 * @typedef {object} SampleTargets
 * @property {string} sandbox base URL of the fresh sandbox
 * @property {string} mock base URL of the mock
 * @property {string} clientId credentials of the sandbox's default client
 * @property {string} secret
 * @property {string} webhookSecret the default client's webhook signing secret
 * @property {string} [adminKey] the sandbox's admin key (`SVC_SANDBOX_ADMIN_KEY` of the samples)
 */

/** What a finished sample printed and how it ended. */
/**
 * @typedef {object} SampleResult
 * @property {boolean} ok
 * @property {string} output its stdout and stderr, and why it failed
 */

/**
 * The sample's source pointed at `targets`: the local URLs of the docs and READMEs, the public
 * sandbox URL of the docs' samples, and `environment: '<name>'` of `createClient`.
 * @param {string} source
 * @param {SampleTargets} targets
 * @returns {string}
 */
export function pointAt(source, targets) {
  /** @type {Record<string, string>} */
  const urls = {
    'http://127.0.0.1:4020': targets.sandbox,
    'https://sandbox.api.svc.example': targets.sandbox,
    'http://127.0.0.1:4010': targets.mock,
  };
  /** @type {Record<string, string>} */
  const environments = { local: targets.sandbox, sandbox: targets.sandbox, mock: targets.mock };
  // One pass: a replacement is never read again, so a target URL that starts like another local
  // URL (a sandbox on port 40105 against `http://127.0.0.1:4010`) stays as it is; and a URL
  // followed by more port digits is not one of them.
  return source.replace(
    /(http:\/\/127\.0\.0\.1:40[12]0|https:\/\/sandbox\.api\.svc\.example)(?![\d.\w-])|environment: '(local|sandbox|mock)'/g,
    (match, url, environment) =>
      url !== undefined ? (urls[url] ?? match) : `baseUrl: '${environments[environment] ?? match}'`,
  );
}

/**
 * Runs `command` with `args`, resolving with its exit code and output; killed after `timeoutMs`.
 * @param {string} command
 * @param {string[]} args
 * @param {{ env: NodeJS.ProcessEnv, cwd: string, timeoutMs?: number }} options
 * @returns {Promise<{ code: number | null, output: string }>}
 */
function run(command, args, { env, cwd, timeoutMs = 30_000 }) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { env, cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const timer = setTimeout(() => {
      output += `\n(killed after ${timeoutMs} ms)`;
      child.kill('SIGKILL');
    }, timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

/**
 * A folder with a `curl` that runs the real one and then prints `@@HTTP <status>` per request.
 * @param {string} dir
 * @returns {string} the folder, for the front of PATH
 */
export function curlShim(dir) {
  const real = spawnSync('sh', ['-c', 'command -v curl'], { encoding: 'utf8' }).stdout.trim();
  if (!real) {
    throw new Error('curl is not installed: the curl samples need it');
  }
  const bin = join(dir, 'bin');
  mkdirSync(bin, { recursive: true });
  const shim = join(bin, 'curl');
  writeFileSync(shim, `#!/bin/sh\nexec '${real}' --write-out '\\n@@HTTP %{http_code}\\n' "$@"\n`);
  chmodSync(shim, 0o755);
  return bin;
}

/**
 * Runs one sample in `dir` (a folder whose node_modules resolve `@svc/*`).
 * @param {Sample} sample
 * @param {SampleTargets} targets
 * @param {{ dir: string, shimDir: string }} where
 * @returns {Promise<SampleResult>}
 */
export async function runSample(sample, targets, where) {
  const env = {
    ...process.env,
    PATH: `${where.shimDir}:${process.env.PATH ?? ''}`,
    SVC_BASE_URL: targets.sandbox,
    SVC_CLIENT_ID: targets.clientId,
    SVC_SECRET: targets.secret,
    SVC_WEBHOOK_SECRET: targets.webhookSecret,
    ...(targets.adminKey === undefined ? {} : { SVC_SANDBOX_ADMIN_KEY: targets.adminKey }),
  };
  const source = pointAt(sample.source, targets);
  if (sample.kind === 'curl') {
    const { code, output } = await run('sh', ['-e', '-c', source], { env, cwd: where.dir });
    const statuses = [...output.matchAll(/@@HTTP (\d{3})/g)].map((match) => Number(match[1]));
    const wrong = statuses.filter((status) =>
      sample.status === undefined ? status < 200 || status > 299 : status !== sample.status,
    );
    const ok = code === 0 && statuses.length > 0 && wrong.length === 0;
    const expected = sample.status === undefined ? 'a 2xx' : String(sample.status);
    return {
      ok,
      output: ok
        ? output
        : `${output}\n(exit code ${code}; HTTP ${statuses.join(', ') || 'none'}; expected ${expected})`,
    };
  }
  const compiled = ts.transpileModule(source, {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
  const file = join(where.dir, `${sample.name.replace(/[^\w.-]+/g, '_')}.mjs`);
  writeFileSync(file, compiled);
  const { code, output } = await run(process.execPath, [file], { env, cwd: where.dir });
  return { ok: code === 0, output: code === 0 ? output : `${output}\n(exit code ${code})` };
}

// @ts-check
/**
 * The server processes the benchmarks spawn: a node script started as a child that prints
 * `listening on <url>`, stopped with SIGTERM, and the counting probe a sandbox child may run
 * (`bench/pg-probe.mjs`, preloaded with `--import`), asked over the IPC channel. Shared by load.mjs
 * and round-trips.mjs. Plain JS, as the benches are (see the package README).
 */
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const PROBE = fileURLToPath(new URL('./pg-probe.mjs', import.meta.url));

/**
 * @typedef {object} BenchServer
 * @property {string} name
 * @property {import('node:child_process').ChildProcess} child
 * @property {string} url
 */

/**
 * Spawns `node <args>` and resolves with its URL once it prints `listening on <url>`. With
 * `probe`, the probe is preloaded and the child gets an IPC channel to answer {@link askProbe}.
 * @param {string} name
 * @param {string[]} args
 * @param {{ probe?: boolean, env?: NodeJS.ProcessEnv }} [options]
 * @returns {Promise<BenchServer>}
 */
export function spawnServer(name, args, { probe = false, env = process.env } = {}) {
  const child = probe
    ? spawn(process.execPath, ['--import', PROBE, ...args], { stdio: ['ignore', 'pipe', 'pipe', 'ipc'], env })
    : spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`${name}: no URL within 60 s\n${output}`)), 60_000);
    /** @param {Buffer} chunk */
    const onData = (chunk) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        child.stdout?.removeAllListeners('data');
        child.stderr?.removeAllListeners('data');
        child.stdout?.resume();
        child.stderr?.resume();
        resolve({ name, child, url: match[1] });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`${name} exited with ${code}\n${output}`));
    });
  });
}

/**
 * Stops a spawned server (SIGTERM) and resolves once it has exited. With `killAfterMs`, a server
 * still running then (finishing a long request in flight) is killed (SIGKILL).
 * @param {BenchServer} server
 * @param {{ killAfterMs?: number }} [options]
 * @returns {Promise<void>}
 */
export function stopServer(server, { killAfterMs } = {}) {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) {
      resolve();
      return;
    }
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => server.child.kill('SIGKILL'), killAfterMs);
    server.child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    server.child.kill('SIGTERM');
  });
}

/**
 * Sends `{ probe: request }` to the probe of `server` and resolves with its answer, the message
 * whose `probe` is `answer` (`read` is answered by `totals`, `statements` by `statements`).
 * @param {BenchServer} server
 * @param {'read' | 'statements'} request
 * @param {'totals' | 'statements'} answer
 * @returns {Promise<Record<string, any>>}
 */
export function askProbe(server, request, answer) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${server.name}: the probe did not answer`)), 10_000);
    /** @param {any} message */
    const onMessage = (message) => {
      if (message?.probe === answer) {
        clearTimeout(timer);
        server.child.off('message', onMessage);
        resolve(message);
      }
    };
    server.child.on('message', onMessage);
    server.child.send({ probe: request });
  });
}
